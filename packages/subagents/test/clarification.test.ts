import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createProvider, runToolLoop, type LoopEvent, type Provider } from '@agent/llm';
import { allowAll, ToolRegistry } from '@agent/tools';
import { startOpenAIChatServer, type FakeServer, type ScriptedTurn } from '@agent/testkit';
import { BUILTIN_PROFILES, createTaskTool, MemoryTaskStore } from '../src';

const profiles = new Map(BUILTIN_PROFILES.map((p) => [p.name, p]));
let server: FakeServer | undefined;
let workspace: string;

beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'subagents-ask-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(script: ScriptedTurn[]): Promise<Provider> {
  server = await startOpenAIChatServer(script);
  return createProvider('openai-chat', {
    model: 'gpt-test',
    baseUrl: `${server.url}/v1`,
    apiKey: 'test-key',
    maxRetries: 0,
  });
}

function parent(provider: Provider, tasks = new MemoryTaskStore(), events: LoopEvent[] = []) {
  const registry = new ToolRegistry([createTaskTool({ provider, profiles, tasks })]);
  return runToolLoop({
    provider,
    registry,
    system: 'primary',
    history: [{ role: 'user', text: 'set up the store' }],
    workspaceRoot: workspace,
    signal: new AbortController().signal,
    person: allowAll,
    onEvent: (event) => events.push(event),
  });
}

const delegate = {
  id: 'call_task',
  name: 'task',
  arguments: { description: 'set up storage', prompt: 'Add a storage layer.', agent: 'explore' },
};
const questions = [
  { question: 'Which database?', options: ['PostgreSQL', 'SQLite '] },
  { question: 'Which checks?', options: ['Lint', 'Tests', 'Types'], multiSelect: true },
];
const ask = {
  id: 'sub_ask',
  name: 'request_clarification',
  arguments: { questions, why: 'The store depends on it.' },
};
const resume = (answers: unknown[], id = 'call_resume', taskId = 'call_task') => ({
  id,
  name: 'task',
  arguments: { resume: taskId, answers },
});

/** The content of the tool message answering `id` in the request `index`. */
function toolResult(index: number, id: string): string | undefined {
  const messages = server!.requests[index]!.body.messages as Array<{
    role: string;
    tool_call_id?: string;
    content: string;
  }>;
  return messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content;
}

describe('a subagent asks through the parent (request_clarification)', () => {
  it('ends the run with needs_input; the resumed subagent gets the exact answers and goes on', async () => {
    const provider = await start([
      { toolCalls: [delegate] },
      { toolCalls: [ask] },
      { toolCalls: [resume(['SQLite ', ['Lint', 'Types']])] },
      { text: 'Storage set up on SQLite with lint and types.' },
      { text: 'Done: SQLite.' },
    ]);
    const tasks = new MemoryTaskStore();
    const events: LoopEvent[] = [];
    const result = await parent(provider, tasks, events);
    expect(result.reason).toBe('done');

    // The subagent is offered request_clarification, never ask_user.
    const subTools = server!.requests[1]!.body.tools.map((t: any) => t.function.name);
    expect(subTools).toContain('request_clarification');
    expect(subTools).not.toContain('ask_user');
    // The parent gets needs_input with the exact questions.
    expect(JSON.parse(toolResult(2, 'call_task')!)).toEqual({
      status: 'needs_input',
      task_id: 'call_task',
      why: 'The store depends on it.',
      questions,
    });
    // The subagent's next request: its own history, its call answered exactly (§3 shape).
    const subNext = server!.requests[3]!.body.messages;
    expect(subNext[1]).toEqual({ role: 'user', content: 'Add a storage layer.' });
    expect(JSON.parse(toolResult(3, 'sub_ask')!)).toEqual({
      answers: ['SQLite ', ['Lint', 'Types']],
      cancelled: false,
    });
    expect(toolResult(4, 'call_resume')).toContain('Storage set up on SQLite with lint and types.');
    expect(tasks.waiting()).toEqual([]);
    // What it asked and what it was told are kept as its steps.
    const steps = events.flatMap((e) =>
      e.type === 'tool_update' && e.update.persist ? [e.update.text] : [],
    );
    expect(steps).toEqual([
      'explore asked: Which database? (PostgreSQL / "SQLite ")',
      'explore asked: Which checks? (Lint / Tests / Types)',
      'explore was told: Which database? → "SQLite "',
      'explore was told: Which checks? → Lint, Types',
    ]);
  });

  it('refuses a bad task_id, a wrong answer count and a list for a one-answer question', async () => {
    const provider = await start([
      { toolCalls: [delegate] },
      { toolCalls: [ask] },
      { toolCalls: [resume(['SQLite '], 'r1', 'nope')] },
      { toolCalls: [resume(['SQLite '], 'r2')] },
      { toolCalls: [resume([['SQLite '], 'Lint'], 'r3')] },
      { toolCalls: [resume(['PostgreSQL', 'Tests'], 'r4')] },
      { text: 'fine' },
      { text: 'all done' },
    ]);
    await parent(provider);
    expect(toolResult(3, 'r1')).toMatch(
      /unknown task_id "nope": no subagent is waiting for answers under that id; waiting: call_task/,
    );
    expect(toolResult(4, 'r2')).toMatch(/answers: expected 2 answers .*got 1/);
    expect(toolResult(5, 'r3')).toMatch(/answers\[0\]: question 1 takes one answer string/);
    // A single string for a multiSelect question becomes a one-entry list.
    expect(JSON.parse(toolResult(6, 'sub_ask')!)).toEqual({
      answers: ['PostgreSQL', ['Tests']],
      cancelled: false,
    });
  });

  it('gives malformed questions back to the subagent as a tool error it can correct', async () => {
    const bad = {
      id: 'sub_bad',
      name: 'request_clarification',
      arguments: { questions: [{ question: 'Which?', options: ['only one'] }], extra: 1 },
    };
    const provider = await start([
      { toolCalls: [delegate] },
      { toolCalls: [bad] },
      { text: 'I will assume SQLite.' },
      { text: 'ok' },
    ]);
    await parent(provider);
    const error = toolResult(2, 'sub_bad')!;
    expect(error).toMatch(/unexpected field "extra"/);
    expect(error).toMatch(/questions\[0\]\.options: expected 2-6 options, got 1/);
    expect(toolResult(3, 'call_task')).toContain('I will assume SQLite.');
  });

  it('allows 3 clarifications per task, across its resumes', async () => {
    const again = (n: number) => ({ ...ask, id: `sub_ask_${n}` });
    const provider = await start([
      { toolCalls: [delegate] },
      { toolCalls: [again(1)] },
      { toolCalls: [resume(['SQLite ', 'Lint'], 'r1')] },
      { toolCalls: [again(2)] },
      { toolCalls: [resume(['SQLite ', 'Lint'], 'r2')] },
      { toolCalls: [again(3)] },
      { toolCalls: [resume(['SQLite ', 'Lint'], 'r3')] },
      // Past the budget no question opens, so a call beside it is not skipped.
      {
        toolCalls: [again(4), { id: 'sub_list', name: 'list_files', arguments: {} }],
      },
      { text: 'Going with SQLite.' },
      { text: 'done' },
    ]);
    await parent(provider);
    expect(toolResult(8, 'sub_ask_4')).toMatch(
      /request_clarification budget exhausted \(3 per task\): proceed with the context you have/,
    );
    expect(toolResult(8, 'sub_list')).toMatch(/^No files match/);
    expect(toolResult(9, 'r3')).toContain('Going with SQLite.');
  });
});
