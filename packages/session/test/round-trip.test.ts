import { promises as fs } from 'node:fs';
import {
  INTERRUPTED_OUTPUT,
  type AssistantMessage,
  type LoopEvent,
  type Message,
  type ToolActivity,
} from '@agent/llm';
import { loadSession, projectSession, SessionWriter } from '../src';
import { tempAgentHome } from './helpers';

const ASK_INPUT = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style?', options: ['REST', 'GraphQL'] },
  ],
};
const ASK_RESULT = '{"answers":["PostgreSQL","JSON-RPC over pipes"],"cancelled":false}';

function pending(id: string, name: string, input: unknown, summary: string): ToolActivity {
  return { id, name, input, status: 'pending', summary };
}

/** Plays two turns the way the tool loop reports them. */
function playTwoTurns(writer: SessionWriter): void {
  const play = (events: LoopEvent[]): void =>
    events.forEach((event) => writer.recordLoopEvent(event));
  writer.recordUser('List the files');
  const listCall = pending('call_1', 'list_files', { path: '.' }, 'list_files .');
  const listed = 'a.ts\nb.ts\nc.ts';
  play([
    { type: 'text_delta', text: 'Looking.' },
    {
      type: 'assistant_message',
      message: {
        role: 'assistant',
        text: 'Looking.',
        toolCalls: [listCall],
        provider: 'openai-chat',
        model: 'gpt-test',
      },
    },
    { type: 'tool_start', activity: listCall, title: 'list_files .' },
    { type: 'tool_update', id: 'call_1', update: { text: 'reading' } },
    {
      type: 'tool_end',
      activity: { ...listCall, status: 'ok', summary: 'listed 3 entries', output: listed },
      result: { output: listed, summary: 'listed 3 entries' },
    },
    { type: 'usage', usage: { inputTokens: 120, outputTokens: 9 } },
    {
      type: 'assistant_message',
      message: {
        role: 'assistant',
        text: 'There are 3 files.',
        toolCalls: [],
        usage: { inputTokens: 120, outputTokens: 9 },
      },
    },
    { type: 'turn_end', reason: 'done' },
  ]);

  writer.recordUser('Set up the service');
  const askCall = pending('call_2', 'ask_user', ASK_INPUT, 'ask_user: 2 questions');
  play([
    { type: 'assistant_message', message: { role: 'assistant', text: '', toolCalls: [askCall] } },
    {
      type: 'tool_end',
      activity: {
        ...askCall,
        status: 'ok',
        summary: 'answered 2 of 2',
        output: ASK_RESULT,
        retainedOutput: ASK_RESULT,
      },
      result: { output: ASK_RESULT },
    },
    {
      type: 'assistant_message',
      message: { role: 'assistant', text: 'Using PostgreSQL.', toolCalls: [] },
    },
    { type: 'turn_end', reason: 'done' },
  ]);
}

const TWO_TURNS: Message[] = [
  { role: 'user', text: 'List the files' },
  {
    role: 'assistant',
    text: 'Looking.',
    toolCalls: [
      {
        id: 'call_1',
        name: 'list_files',
        input: { path: '.' },
        status: 'ok',
        summary: 'listed 3 entries',
      },
    ],
    provider: 'openai-chat',
    model: 'gpt-test',
  },
  {
    role: 'assistant',
    text: 'There are 3 files.',
    toolCalls: [],
    usage: { inputTokens: 120, outputTokens: 9 },
  },
  { role: 'user', text: 'Set up the service' },
  {
    role: 'assistant',
    text: '',
    toolCalls: [
      {
        id: 'call_2',
        name: 'ask_user',
        input: ASK_INPUT,
        status: 'ok',
        summary: 'answered 2 of 2',
        retainedOutput: ASK_RESULT,
      },
    ],
  },
  { role: 'assistant', text: 'Using PostgreSQL.', toolCalls: [] },
];

describe('session round trip', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  it('reloads text, tool calls and a retained output as the exact history, without raw outputs', async () => {
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/work/project',
      provider: 'openai-chat',
      model: 'gpt-test',
    });
    playTwoTurns(writer);
    await writer.close();

    const text = await fs.readFile(writer.path, 'utf8');
    expect(text).not.toContain('b.ts');
    expect(text).toContain('JSON-RPC over pipes');

    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.id).toBe(writer.id);
    const projection = projectSession(loaded.events);
    expect(projection.messages).toEqual(TWO_TURNS);
    expect(projection).toMatchObject({
      cwd: '/work/project',
      provider: 'openai-chat',
      model: 'gpt-test',
    });
  });

  it('continues after resume; a checkpoint replaces everything before it', async () => {
    const first = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'openai-chat',
      model: 'gpt-test',
    });
    playTwoTurns(first);
    await first.close();

    const resumed = await SessionWriter.open(first.path);
    resumed.recordProviderChange('anthropic', 'claude-test');
    resumed.recordCheckpoint('The user chose PostgreSQL and JSON-RPC over pipes.');
    resumed.recordUser('Now write the schema');
    resumed.recordAssistant({
      role: 'assistant',
      text: 'Writing it.',
      toolCalls: [],
    } satisfies AssistantMessage);
    await resumed.close();

    const loaded = await loadSession(first.path);
    expect(loaded.warnings).toEqual([]);
    const projection = projectSession(loaded.events);
    expect(projection.messages).toEqual([
      { role: 'checkpoint', summary: 'The user chose PostgreSQL and JSON-RPC over pipes.' },
      { role: 'user', text: 'Now write the schema' },
      { role: 'assistant', text: 'Writing it.', toolCalls: [] },
    ]);
    expect(projection).toMatchObject({ provider: 'anthropic', model: 'claude-test' });
  });

  it('closes a call left pending by a crash as interrupted, with a paired result', async () => {
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'openai-chat',
      model: 'm',
    });
    writer.recordUser('Set up the service');
    const askCall = pending('call_9', 'ask_user', ASK_INPUT, 'ask_user: 2 questions');
    const shellCall = pending('call_10', 'run_shell', { command: 'npm test' }, 'npm test');
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: { role: 'assistant', text: '', toolCalls: [askCall, shellCall] },
    });
    writer.recordLoopEvent({
      type: 'tool_end',
      activity: {
        ...shellCall,
        status: 'skipped',
        summary: 'skipped: ask_user took precedence; retry after reading the answer',
      },
      result: {
        output: 'skipped: ask_user took precedence; retry after reading the answer',
        isError: true,
      },
    });
    // The process dies while the questionnaire is open: what reached the OS is all there is.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const onDisk = await loadSession(writer.path);
    await writer.close();

    const messages = projectSession(onDisk.events).messages;
    expect(messages[1]).toEqual({
      role: 'assistant',
      text: '',
      toolCalls: [
        { ...askCall, status: 'interrupted', output: INTERRUPTED_OUTPUT },
        {
          ...shellCall,
          status: 'skipped',
          summary: 'skipped: ask_user took precedence; retry after reading the answer',
        },
      ],
    });
  });
});
