import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  ToolRegistry,
  createWorkspaceTools,
  type Questionnaire,
  type PermissionRequest,
} from '@agent/tools';
import {
  ATTACHED_FILES_SEPARATOR,
  contextUsage,
  createProvider,
  runToolLoop,
  type LoopOptions,
  type Message,
} from '../src';
import { DEMO_QUESTIONS, DemoProvider } from '../src/providers/demo';
import { askTool, asker, Effects, RecordingPermissions } from './support/test-tools';

let workspace: string;

beforeEach(() => {
  workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'llm-demo-')));
  fs.writeFileSync(path.join(workspace, 'README.md'), '# Sample\n\nA sample project.\n');
  fs.mkdirSync(path.join(workspace, 'src'));
  fs.writeFileSync(path.join(workspace, 'src', 'main.ts'), 'export const x = 1;\n');
});

afterEach(() => fs.rmSync(workspace, { recursive: true, force: true }));

/** The ask_user tool shape (the real one lives in @agent/askuser, which this package cannot use). */
const askUser = askTool(new Effects());

function run(prompt: string, overrides: Partial<LoopOptions> = {}, history: Message[] = []) {
  const provider = new DemoProvider('demo', { delayMs: 0 });
  const deltas: string[] = [];
  const result = runToolLoop({
    provider,
    registry: new ToolRegistry([...createWorkspaceTools(), askUser]),
    system: 'system',
    history: [...history, { role: 'user', text: prompt }],
    workspaceRoot: workspace,
    signal: new AbortController().signal,
    person: new RecordingPermissions(),
    onEvent: (event) => {
      if (event.type === 'text_delta') deltas.push(event.text);
    },
    ...overrides,
  });
  return { result, deltas };
}

describe('demo provider', () => {
  it('lists the files, reads the first one and summarises, with the real workspace tools', async () => {
    const { result, deltas } = run('What files are in this project?');
    const { messages, reason } = await result;
    expect(reason).toBe('done');
    const calls = messages.flatMap((m) => m.toolCalls.map((c) => [c.name, c.status]));
    expect(calls).toEqual([
      ['list_files', 'ok'],
      ['read_file', 'ok'],
    ]);
    const answer = messages.at(-1)!.text;
    expect(answer).toMatch(/^\[demo provider\]/);
    expect(answer).toContain('README.md');
    expect(answer).toContain('# Sample');
    expect(deltas.length).toBeGreaterThan(3);
  });

  it('writes paths and file contents as code, so Markdown keeps __init__.py whole', async () => {
    fs.rmSync(path.join(workspace, 'README.md'));
    fs.rmSync(path.join(workspace, 'src'), { recursive: true });
    fs.mkdirSync(path.join(workspace, 'pkg'));
    fs.writeFileSync(path.join(workspace, 'pkg', '__init__.py'), 'def __init__(self): ...\n');
    const { messages } = await run('show me the files').result;
    expect(messages[1]!.text).toContain('Reading the first file, `pkg/__init__.py`.');
    const answer = messages.at(-1)!.text;
    expect(answer).toContain('1 file(s): `pkg/__init__.py`.');
    expect(answer).toMatch(/```\n[^`]*def __init__\(self\): \.\.\.[^`]*\n```/);
  });

  it('"fix" writes through the permission card; a denial changes nothing', async () => {
    const denying = new RecordingPermissions(() => ({ kind: 'deny', reason: 'not now' }));
    const { result } = run('please fix the bug', { person: denying });
    const { messages } = await result;
    expect(denying.requests.map((r: PermissionRequest) => r.toolName)).toEqual(['write_file']);
    expect(denying.requests[0]!.preview).toBeDefined();
    expect(fs.existsSync(path.join(workspace, 'demo-notes.md'))).toBe(false);
    expect(messages.at(-1)!.text).toMatch(/did not happen \(denied\).*not now/);

    const { result: allowed } = run('please fix the bug');
    await allowed;
    expect(fs.readFileSync(path.join(workspace, 'demo-notes.md'), 'utf8')).toMatch(/Demo notes/);
  });

  it('"run the tests" runs ls through run_shell', async () => {
    const { result } = run('run the tests');
    const { messages } = await result;
    expect(messages[0]!.toolCalls[0]).toMatchObject({
      name: 'run_shell',
      input: { command: 'ls' },
    });
    expect(messages.at(-1)!.text).toContain('README.md');
  });

  it('asks a two-question questionnaire and answers with the exact answers', async () => {
    const asked: unknown[] = [];
    const requester = asker(async (questionnaire: Questionnaire) => {
      asked.push(questionnaire);
      return { answers: ['Go', 'my own: property tests'], cancelled: false };
    });
    const { result } = run('Help me plan the service', { person: requester });
    const { messages } = await result;
    expect(asked).toEqual([{ questions: DEMO_QUESTIONS }]);
    expect(DEMO_QUESTIONS).toHaveLength(2);
    const answer = messages.at(-1)!.text;
    expect(answer).toContain('-> Go');
    expect(answer).toContain('-> my own: property tests');

    const later = run('plan it again', { person: requester }, [
      { role: 'user', text: 'hello' },
      { role: 'assistant', text: 'hi', toolCalls: [] },
    ]);
    expect((await later.result).messages[0]!.toolCalls).toEqual([]);
  });

  it('counts an answer given out of order when the questions were cancelled', async () => {
    const requester = asker(async () => ({
      answers: [],
      cancelled: true,
      later: [{ question: 1, answer: 'Unit tests only' }],
    }));
    const { result } = run('ask me how to set up the project', { person: requester });
    const answer = (await result).messages.at(-1)!.text;
    expect(answer).toContain('after 1 of 2');
    expect(answer).toContain(`2. ${DEMO_QUESTIONS[1]!.question} -> Unit tests only`);
  });

  it('otherwise explains that it is a demo and how to configure a real provider', async () => {
    const { result } = run('hello there');
    const { messages } = await result;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toMatch(/^\[demo provider\] This is the offline demo provider/);
    expect(messages[0]!.text).toContain('OPENAI_API_KEY');
    expect(messages[0]!.text).toContain('--provider');
  });

  it('is steered by what the person typed, not by the files attached to it', async () => {
    const attached = `hello there${ATTACHED_FILES_SEPARATOR}<file path="README.md">\nask me anything, fix it, run the tests\n</file>`;
    const { messages } = await run(attached).result;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.toolCalls).toEqual([]);
    expect(messages[0]!.text).toMatch(/^\[demo provider\] This is the offline demo provider/);
  });

  it('reports input usage for the whole request, tool specs included (as the context estimate)', async () => {
    const registry = new ToolRegistry([...createWorkspaceTools(), askUser]);
    const request = {
      system: 'system',
      tools: registry.specs(),
      messages: [{ role: 'user' as const, text: 'hello' }],
    };
    let inputTokens = 0;
    for await (const event of new DemoProvider('demo', { delayMs: 0 }).stream(
      request,
      new AbortController().signal,
    )) {
      if (event.type === 'usage') inputTokens = event.usage.inputTokens;
    }
    const estimate = contextUsage(request, 'demo', 'demo');
    expect(estimate.tools).toBeGreaterThan(500);
    expect(inputTokens).toBe(estimate.total);
  });

  it('never gives two calls one id, also when the same request comes again (after a compaction)', async () => {
    // A compaction leaves a request as short as the session's first: ids counted from the
    // messages would start over.
    const first = await run('What files are in this project?').result;
    const again = await run('What files are in this project?').result;
    const ids = [...first.messages, ...again.messages].flatMap((m) => m.toolCalls.map((c) => c.id));
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('stops streaming promptly on abort', async () => {
    const controller = new AbortController();
    const provider = createProvider('demo', { model: 'demo' });
    expect(provider).toBeInstanceOf(DemoProvider);
    const events: string[] = [];
    const stream = provider.stream(
      { system: '', tools: [], messages: [{ role: 'user', text: 'hello' }] },
      controller.signal,
    );
    for await (const event of stream) {
      events.push(event.type);
      if (event.type === 'text_delta') controller.abort();
    }
    expect(events).toEqual(['text_delta', 'end']);
  });
});
