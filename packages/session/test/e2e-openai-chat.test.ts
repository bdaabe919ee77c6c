import { promises as fs } from 'node:fs';
import {
  checkpointText,
  createProvider,
  runToolLoop,
  type Message,
  type Provider,
} from '@agent/llm';
import { openAIChatProtocol, startFakeServer, type FakeServer } from '@agent/testkit';
import { allowAll, ToolRegistry, type Tool } from '@agent/tool-contract';
import { z } from 'zod/v4';
import { loadSession, projectSession, SessionWriter } from '../src';
import { tempAgentHome } from './helpers';

const SYSTEM = 'You are a test agent.';
const PICKED = '{"color":"teal","why":"calm"}';

/** Retains its output, like ask_user: the exact result must survive save and resume. */
const pickColor: Tool<{ palette: string[] }> = {
  name: 'pick_color',
  description: 'Picks a colour from a palette.',
  inputSchema: z.object({ palette: z.array(z.string()) }),
  permission: 'read',
  retainsOutput: true,
  execute: async () => ({ output: PICKED, summary: 'picked teal' }),
};

/** An ordinary tool: its raw output is memory only. */
const countWords: Tool<{ text: string }> = {
  name: 'count_words',
  description: 'Counts words.',
  inputSchema: z.object({ text: z.string() }),
  permission: 'read',
  execute: async ({ text }) => ({
    output: `raw count output: ${text.split(' ').length} words`,
    summary: `counted ${text.split(' ').length} words`,
  }),
};

describe('a saved session resumes with exactly the history it had (openai SDK against the fake)', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  let server: FakeServer;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(async () => {
    await server?.close();
    await cleanup();
  });

  it('tool calls, a retained output and a compaction checkpoint reach the next request after reload', async () => {
    server = await startFakeServer(openAIChatProtocol, [
      { toolCalls: [{ id: 'call_a', name: 'count_words', arguments: { text: 'one two three' } }] },
      { text: 'Three words.' },
      {
        toolCalls: [
          { id: 'call_b', name: 'pick_color', arguments: { palette: ['teal', 'red'] } },
          { id: 'call_c', name: 'count_words', arguments: { text: 'a b' } },
        ],
      },
      { text: 'Teal it is.' },
      { text: 'Resumed fine.' },
    ]);
    const provider = (): Provider =>
      createProvider('openai-chat', {
        model: 'gpt-test',
        baseUrl: `${server.url}/v1`,
        apiKey: 'sk-test-key',
        maxRetries: 0,
      });
    const registry = new ToolRegistry([pickColor, countWords]);
    const run = async (writer: SessionWriter, history: Message[], p: Provider) => {
      const result = await runToolLoop({
        provider: p,
        registry,
        system: SYSTEM,
        history,
        workspaceRoot: home,
        signal: new AbortController().signal,
        person: allowAll,
        toolHistory: 'off',
        onEvent: (event) => writer.recordLoopEvent(event),
      });
      expect(result.reason).toBe('done');
      return result.messages;
    };

    // First process: two prompts with a compaction between them.
    const first = provider();
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: home,
      provider: 'openai-chat',
      model: 'gpt-test',
    });
    writer.recordUser('Count the words in "one two three"');
    await run(writer, [{ role: 'user', text: 'Count the words in "one two three"' }], first);
    writer.recordCheckpoint('Earlier, "one two three" was counted: three words.');
    writer.recordUser('Pick a colour and count "a b"');
    const checkpoint: Message = {
      role: 'checkpoint',
      summary: 'Earlier, "one two three" was counted: three words.',
    };
    await run(writer, [checkpoint, { role: 'user', text: 'Pick a colour and count "a b"' }], first);
    await writer.close();
    const file = await fs.readFile(writer.path, 'utf8');
    expect(file).not.toContain('raw count output');
    expect(file).not.toContain('sk-test-key');

    // Second process: load from disk, project, continue.
    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([]);
    const resumed = projectSession(loaded.events);
    const next = await SessionWriter.open(writer.path);
    next.recordUser('What next?');
    await run(next, [...resumed.messages, { role: 'user', text: 'What next?' }], provider());
    await next.close();

    expect(server.requests).toHaveLength(5);
    expect(server.requests[4]!.body.messages).toEqual([
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: checkpointText('Earlier, "one two three" was counted: three words.'),
      },
      { role: 'user', content: 'Pick a colour and count "a b"' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_b',
            type: 'function',
            function: { name: 'pick_color', arguments: '{"palette":["teal","red"]}' },
          },
          {
            id: 'call_c',
            type: 'function',
            function: { name: 'count_words', arguments: '{"text":"a b"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_b', content: PICKED },
      { role: 'tool', tool_call_id: 'call_c', content: '[ok] count_words: counted 2 words' },
      { role: 'assistant', content: 'Teal it is.' },
      { role: 'user', content: 'What next?' },
    ]);
  });
});
