import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createProvider, runToolLoop, type LoopEvent, type Provider } from '@agent/llm';
import { allowAll, readFileTool, toolSpec, ToolRegistry } from '@agent/tools';
import { startOpenAIChatServer, type FakeServer, type ScriptedTurn } from '@agent/testkit';
import { BUILTIN_PROFILES, createTaskTool } from '../src';

const profiles = new Map(BUILTIN_PROFILES.map((p) => [p.name, p]));
let server: FakeServer | undefined;
let workspace: string;

beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'subagents-'));
  await writeFile(path.join(workspace, 'notes.txt'), 'the answer is 42\n');
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

function primary(provider: Provider, signal: AbortSignal, onEvent?: (e: LoopEvent) => void) {
  const registry = new ToolRegistry([readFileTool(), createTaskTool({ provider, profiles })]);
  return runToolLoop({
    provider,
    registry,
    system: 'primary',
    history: [{ role: 'user', text: 'find the answer' }],
    workspaceRoot: workspace,
    signal,
    person: allowAll,
    onEvent,
  });
}

const delegate = (id: string, description: string) => ({
  id,
  name: 'task',
  arguments: { description, prompt: `Read notes.txt and report (${id})`, agent: 'explore' },
});

describe('the task tool', () => {
  it('delegates: the subagent reads a file and the primary receives its answer', async () => {
    const provider = await start([
      { toolCalls: [delegate('call_task', 'find the answer')] },
      { toolCalls: [{ id: 'sub_read', name: 'read_file', arguments: { path: 'notes.txt' } }] },
      { text: 'notes.txt says the answer is 42.' },
      { text: 'The answer is 42.' },
    ]);
    const updates: Array<{ text: string; persist?: boolean }> = [];
    const result = await primary(provider, new AbortController().signal, (event) => {
      if (event.type === 'tool_update') updates.push(event.update);
    });

    expect(result.reason).toBe('done');
    const requests = server!.requests.map((r) => r.body);
    // The subagent's own history: its system prompt and the delegated prompt only.
    expect(requests[1].messages).toEqual([
      { role: 'system', content: expect.stringContaining('You are a subagent') },
      { role: 'user', content: 'Read notes.txt and report (call_task)' },
    ]);
    expect(requests[1].tools.map((t: any) => t.function.name)).toEqual([
      'read_file',
      'list_files',
      'grep',
      'request_clarification',
    ]);
    expect(requests[2].messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'sub_read',
      content: expect.stringContaining('the answer is 42'),
    });
    const taskResult = requests[3].messages.at(-1);
    expect(taskResult.tool_call_id).toBe('call_task');
    expect(taskResult.content).toContain('notes.txt says the answer is 42.');
    expect(taskResult.content).toContain(
      '[subagent explore: 1 tool call (read_file), 2 model calls]',
    );
    // The subagent's steps are reported live; its tool calls are marked worth keeping.
    expect(updates.filter((u) => u.persist).map((u) => u.text)).toEqual([
      expect.stringContaining('notes.txt'),
    ]);
    expect(updates.some((u) => !u.persist && u.text.includes('read 1 line'))).toBe(true);
    expect(result.messages.at(-1)!.text).toBe('The answer is 42.');
  });

  it('runs two delegations of one turn concurrently', async () => {
    const sleepCall = (id: string) => ({
      toolCalls: [{ id, name: 'grep', arguments: { pattern: 'answer' } }],
    });
    const provider = await start([
      { toolCalls: [delegate('call_a', 'first'), delegate('call_b', 'second')] },
      sleepCall('sub_1'),
      sleepCall('sub_2'),
      { text: 'done one' },
      { text: 'done two' },
      { text: 'Both finished.' },
    ]);
    const result = await primary(provider, new AbortController().signal);
    expect(result.reason).toBe('done');
    // Requests 2 and 3 are both subagents' first requests: the second started before the first ended.
    const firstRequests = server!.requests.slice(1, 3).map((r) => r.body.messages);
    expect(firstRequests.map((m) => m.length)).toEqual([2, 2]);
    expect(firstRequests.map((m) => m[1].content).sort()).toEqual([
      'Read notes.txt and report (call_a)',
      'Read notes.txt and report (call_b)',
    ]);
    const final = server!.requests[5]!.body.messages;
    expect(final.slice(-2).map((m: any) => m.tool_call_id)).toEqual(['call_a', 'call_b']);
  });

  it('abort stops both running subagents and pairs every call', async () => {
    const provider = await start([
      { toolCalls: [delegate('call_a', 'first'), delegate('call_b', 'second')] },
      { text: 'never', fault: { kind: 'hang' } },
      { text: 'never', fault: { kind: 'hang' } },
    ]);
    const controller = new AbortController();
    const running = primary(provider, controller.signal);
    while (server!.requests.length < 3) await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    controller.abort(new Error('interrupted by test'));
    const result = await running;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.reason).toBe('interrupted');
    expect(result.messages[0]!.toolCalls.map((c) => [c.id, c.status])).toEqual([
      ['call_a', 'interrupted'],
      ['call_b', 'interrupted'],
    ]);
  });

  it('reports an unknown profile as a tool error the model can correct', async () => {
    const provider = await start([
      {
        toolCalls: [
          {
            id: 'call_x',
            name: 'task',
            arguments: { description: 'x', prompt: 'y', agent: 'nope' },
          },
        ],
      },
      { text: 'ok' },
    ]);
    await primary(provider, new AbortController().signal);
    expect(server!.requests[1]!.body.messages.at(-1).content).toMatch(
      /unknown agent profile "nope"; available: explore, general/,
    );
  });
});

describe('the task tool spec', () => {
  // Changing what the model is offered is a reviewed change: update the snapshot on purpose.
  it('advertises a stable JSON Schema, derived from its zod input schema', () => {
    const tool = createTaskTool({ provider: createProvider('demo', { model: 'demo' }), profiles });
    expect(toolSpec(tool)).toMatchSnapshot();
  });
});
