import { splitIntoFragments, startOpenAIChatServer } from '@agent/testkit';
import { create as createChat } from '../../src/providers/openai-chat';
import { create } from '../../src/providers/text';
import { toolPromptSection } from '../../src/providers/text/tool-prompt';
import {
  callsOf,
  closedAfterEach,
  collect,
  endOf,
  FINAL_TEXT,
  FIRST_TEXT,
  READ_ARGS,
  READ_OUTPUT,
  request,
  runLoop,
  SEARCH_ARGS,
  SEARCH_OUTPUT,
  SYSTEM,
  textOf,
  TOOLS,
  USER,
} from '../support/provider-fixtures';

const closeAfter = closedAfterEach();

const READ_BLOCK = `\`\`\`tool\n${JSON.stringify({ name: 'read_file', arguments: READ_ARGS })}\n\`\`\``;
const SEARCH_BLOCK = `\`\`\`tool\n${JSON.stringify({ name: 'search', arguments: SEARCH_ARGS })}\n\`\`\``;

/** The reply streamed in many small pieces, fences and JSON split mid-token. */
function firstReply(): string[] {
  return [
    'Let me ',
    'check — ',
    'ünïcode ✓.\n\n',
    ...splitIntoFragments(READ_BLOCK, 7),
    '\n',
    ...splitIntoFragments(SEARCH_BLOCK, 6),
  ];
}

describe('text transport against the Chat Completions fake', () => {
  test('two-turn conversation through ```tool blocks: no tools param, exact follow-up request', async () => {
    const server = closeAfter(
      await startOpenAIChatServer([
        { text: firstReply(), usage: { inputTokens: 220, outputTokens: 40 } },
        { text: firstReply() },
        { text: ['Both done: ', 'the file says héllo.'] },
      ]),
    );
    const provider = create({ model: 'llama-test', baseUrl: `${server.url}/v1`, maxRetries: 0 });

    const first = await collect(provider, request([USER]));
    expect(textOf(first)).toBe(`${FIRST_TEXT}\n\n`);
    const calls = callsOf(first);
    expect(calls.map(({ name, arguments: args }) => ({ name, args: JSON.parse(args) }))).toEqual([
      { name: 'read_file', args: READ_ARGS },
      { name: 'search', args: SEARCH_ARGS },
    ]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    expect(endOf(first)).toEqual({ type: 'end', stopReason: 'tool_use' });

    const { result } = await runLoop(provider, [USER]);
    expect(result.reason).toBe('done');
    expect(result.messages.map((m) => m.text)).toEqual([`${FIRST_TEXT}\n\n`, FINAL_TEXT]);
    const [idA, idB] = result.messages[0]!.toolCalls.map((c) => c.id);
    const sent = server.requests[2]!.body;
    expect(idA).not.toBe(idB);
    expect(sent).toEqual({
      model: 'llama-test',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: `${SYSTEM}\n\n${toolPromptSection(TOOLS)}` },
        { role: 'user', content: 'Look at the docs please' },
        { role: 'assistant', content: `${FIRST_TEXT}\n\n${READ_BLOCK}\n\n${SEARCH_BLOCK}` },
        {
          role: 'user',
          content: `Result of read_file (${idA}):\n${READ_OUTPUT}\n\nResult of search (${idB}):\n${SEARCH_OUTPUT}`,
        },
      ],
    });
    expect(server.requests[0]!.body.tools).toBeUndefined();
    const prompt: string = server.requests[0]!.body.messages[0].content;
    expect(prompt).toContain(
      '```tool\n{"name": "tool_name", "arguments": {"param": "value"}}\n```',
    );
    expect(prompt).toContain(JSON.stringify(TOOLS[1]!.parameters));
  });

  test('a conversation held over ```tool blocks continues on openai-chat with native, paired calls', async () => {
    const server = closeAfter(
      await startOpenAIChatServer([
        { text: firstReply() },
        { text: 'Both done.' },
        { text: 'Native now.' },
      ]),
    );
    const text = create({ model: 'llama-test', baseUrl: `${server.url}/v1`, maxRetries: 0 });
    const { result } = await runLoop(text, [USER]);
    const [idA, idB] = result.messages[0]!.toolCalls.map((c) => c.id);

    const chat = createChat({
      model: 'gpt-test',
      baseUrl: `${server.url}/v1`,
      apiKey: 'k',
      maxRetries: 0,
    });
    const next = await runLoop(chat, [USER, ...result.messages, { role: 'user', text: 'Thanks' }]);
    expect(next.result.reason).toBe('done');
    expect(server.requests[2]!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Look at the docs please' },
      {
        role: 'assistant',
        content: `${FIRST_TEXT}\n\n`,
        tool_calls: [
          {
            id: idA,
            type: 'function',
            function: { name: 'read_file', arguments: JSON.stringify(READ_ARGS) },
          },
          {
            id: idB,
            type: 'function',
            function: { name: 'search', arguments: JSON.stringify(SEARCH_ARGS) },
          },
        ],
      },
      { role: 'tool', tool_call_id: idA, content: READ_OUTPUT },
      { role: 'tool', tool_call_id: idB, content: SEARCH_OUTPUT },
      { role: 'assistant', content: 'Both done.' },
      { role: 'user', content: 'Thanks' },
    ]);
  });
});
