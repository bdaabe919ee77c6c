import fs from 'node:fs';
import path from 'node:path';
import {
  allowAll,
  answerAtOnce,
  checkFormAnswer,
  type FormOutcome,
  type FormQuestionnaire,
  type Tool,
  toolSpec,
  type ToolContext,
  type ToolResult,
  type UrlRequest,
} from '@agent/tools';
import { startMcp, type ElicitationRecord, type McpManager, type McpServerStatus } from '../src';
import { assertPortable } from './support/portable-schema';
import {
  everythingStdio,
  filesystemStdio,
  isAlive,
  startEverythingHttp,
  stopHttpServers,
  tempDir,
  waitFor,
  writeJson,
  type HttpServer,
} from './support/servers';

// One manager for the whole file: the real servers start once, in parallel.
let http: HttpServer;
let sse: HttpServer;
let manager: McpManager;
let workspace: string;
let folder: string;
const asked: FormQuestionnaire[] = [];
const records: ElicitationRecord[] = [];
const urls: UrlRequest[] = [];
const changes: McpServerStatus[][] = [];
let answerForm: (
  form: FormQuestionnaire,
  signal: AbortSignal,
) => Promise<FormOutcome> = async () => ({ action: 'decline' });

const person = answerAtOnce({
  form: ({ payload, signal }) => {
    asked.push(payload);
    return answerForm(payload, signal);
  },
  url: async ({ payload }) => {
    urls.push(payload);
    return { action: 'decline' };
  },
});

beforeAll(async () => {
  [http, sse] = await Promise.all([startEverythingHttp(), startEverythingHttp('sse')]);
  const home = tempDir('mcp-home-');
  workspace = tempDir('mcp-ws-');
  folder = tempDir('mcp-folder-');
  fs.writeFileSync(path.join(workspace, 'notes.txt'), 'first line\nsecond line\n');
  fs.mkdirSync(path.join(workspace, 'sub'));
  fs.writeFileSync(path.join(folder, 'other.txt'), 'not in the workspace\n');
  writeJson(path.join(home, 'config.json'), {
    mcpServers: {
      fs: filesystemStdio(folder),
      everything: { ...everythingStdio(), env: { SERVICE_KEY: '${TEST_MCP_SECRET}' } },
      web: { type: 'http', url: http.url, headers: { Authorization: 'Bearer ${TEST_MCP_TOKEN}' } },
      // An older server: streamable HTTP fails, the SDK's SSE transport takes over.
      legacy: { type: 'http', url: sse.url },
      broken: {
        command: process.execPath,
        args: ['-e', 'process.stderr.write("boom: no config"); process.exit(3)'],
      },
    },
  });
  const started = Date.now();
  manager = startMcp({
    agentHome: home,
    workspace,
    person,
    onElicitation: (record) => records.push(record),
    onChange: (servers) => changes.push(servers),
    env: {
      ...process.env,
      TEST_MCP_TOKEN: 'secret-token-value',
      TEST_MCP_SECRET: 'hush-hush-value',
    },
  });
  // Starting returns at once, before any server is connected.
  expect(Date.now() - started).toBeLessThan(200);
  expect(manager.tools()).toEqual([]);
  await manager.ready();
}, 40_000);

afterAll(async () => {
  await manager?.close();
  await stopHttpServers();
});

function tool(name: string): Tool {
  const found = manager.tools().find((t) => t.name === name);
  if (!found)
    throw new Error(
      `no tool ${name}: ${manager
        .tools()
        .map((t) => t.name)
        .join(', ')}`,
    );
  return found;
}

function context(signal = new AbortController().signal, updates: string[] = []): ToolContext {
  return {
    signal,
    workspaceRoot: workspace,
    toolCallId: 'call_1',
    person: allowAll,
    onUpdate: (update) => updates.push(update.text),
  };
}

async function run(
  name: string,
  input: Record<string, unknown>,
  ctx = context(),
): Promise<ToolResult> {
  const t = tool(name);
  const parsed = t.inputSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.message);
  return t.execute(parsed.data, ctx);
}

describe('real MCP servers', () => {
  it('connects every server in parallel and records the one that fails with its stderr', () => {
    const byName = Object.fromEntries(manager.servers().map((s) => [s.name, s]));
    expect(byName.fs!.state).toBe('connected');
    expect(byName.everything!.state).toBe('connected');
    expect(byName.web).toMatchObject({ state: 'connected', transport: 'http' });
    expect(byName.legacy).toMatchObject({ state: 'connected', transport: 'sse' });
    expect(byName.legacy!.tools).toContain('mcp__legacy__echo');
    expect(byName.broken!.state).toBe('failed');
    expect(byName.broken!.error).toMatch(/exited while starting \(exit status 3\)/);
    expect(byName.broken!.error).toContain('boom: no config');
    expect(byName.fs!.tools).toContain('mcp__fs__list_directory');
    expect(byName.web!.tools).toContain('mcp__web__get-tiny-image');
  });

  it('reports each server as it connects', () => {
    const states = (name: string) => [
      ...new Set(changes.map((list) => list.find((s) => s.name === name)?.state)),
    ];
    expect(states('fs')).toEqual(['connecting', 'connected']);
    expect(states('broken')).toEqual(['connecting', 'failed']);
    expect(changes.at(-1)!.filter((s) => s.state === 'connected')).toHaveLength(4);
  });

  it('keeps expanded header values out of everything it reports', () => {
    const reported = JSON.stringify([
      manager.servers(),
      manager.tools().map((t) => [t.name, t.description, toolSpec(t).parameters]),
    ]);
    expect(reported).not.toContain('secret-token-value');
    expect(reported).toContain('http://127.0.0.1');
  });

  it('keeps expanded env values out of tool results that echo them', async () => {
    const result = await run('mcp__everything__get-env', {});
    expect(result.output).toContain('"SERVICE_KEY": "***"');
    expect(result.output).not.toContain('hush-hush-value');
  });

  it('advertises every real tool under a valid name with a schema every provider accepts', () => {
    const tools = manager.tools();
    expect(tools.length).toBeGreaterThan(30);
    for (const t of tools) {
      expect(t.name).toMatch(/^mcp__[A-Za-z0-9_-]+__[A-Za-z0-9_-]+$/);
      expect(t.name.length).toBeLessThanOrEqual(64);
      expect(t.permission).toBe('exec');
      assertPortable(toolSpec(t).parameters, t.name);
    }
    // What is advertised is the server's schema (made portable), not the zod wrapper's shape.
    const read = tools.find((t) => t.name === 'mcp__fs__read_text_file')!;
    expect(toolSpec(read).parameters).toMatchObject({
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
    });
    expect(toolSpec(read).parameters).not.toHaveProperty('propertyNames');
  });

  it('lists and reads a temporary workspace through server-filesystem', async () => {
    const listing = await run('mcp__fs__list_directory', { path: workspace });
    expect(listing.isError).toBeUndefined();
    expect(listing.output).toContain('[FILE] notes.txt');
    expect(listing.output).toContain('[DIR] sub');
    const read = await run('mcp__fs__read_text_file', { path: path.join(workspace, 'notes.txt') });
    expect(read.output).toContain('first line\nsecond line');
    // The server takes the advertised root (the workspace) over the folder on its command line.
    const outside = await run('mcp__fs__read_text_file', { path: path.join(folder, 'other.txt') });
    expect(outside.isError).toBe(true);
    expect(outside.output).toContain(`not in ${workspace}`);
  });

  it('refuses input that does not match the server schema, naming the problem', () => {
    const parsed = tool('mcp__fs__read_text_file').inputSchema.safeParse({ path: 7 });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error!.issues)).toMatch(/path must be string/);
  });

  it.each(['everything', 'web'])(
    'turns the image of %s into a note with its type and size',
    async (server) => {
      const result = await run(`mcp__${server}__get-tiny-image`, {});
      expect(result.output).toMatch(/\[image: image\/png, \d+(\.\d)? KB\]/);
      expect(result.summary).toMatch(/1 image/);
    },
  );

  it('includes structured content and describes resource links', async () => {
    const structured = await run('mcp__everything__get-structured-content', {
      location: 'Chicago',
    });
    expect(structured.output).toMatch(/temperature/);
    const links = await run('mcp__everything__get-resource-links', { count: 2 });
    expect(links.output).toMatch(/\[resource link: .+ <demo:\/\/resource\/.+>/);
  });

  it('advertises the workspace as the root', async () => {
    const result = await run('mcp__everything__get-roots-list', {});
    expect(result.output).toContain(`file://${workspace}`);
  });

  it.each(['everything', 'web'])(
    'aborts a long-running call of %s and leaves nothing pending',
    async (server) => {
      const controller = new AbortController();
      const updates: string[] = [];
      const call = run(
        `mcp__${server}__trigger-long-running-operation`,
        { duration: 20, steps: 40 },
        context(controller.signal, updates),
      );
      await waitFor(() => updates.length > 0, 5000);
      const started = Date.now();
      controller.abort(new Error('interrupted by test'));
      await expect(call).rejects.toThrow('interrupted by test');
      expect(Date.now() - started).toBeLessThan(500);
      const connection = (manager as any).connections.get(server);
      expect(connection.inflight.size).toBe(0);
      expect(connection.pendingRequests()).toBe(0);
      const echo = await run(`mcp__${server}__echo`, { message: 'still here' });
      expect(echo.output).toContain('still here');
    },
  );

  it('asks server-everything’s 13-field form as questions and sends the answers back', async () => {
    answerForm = async (form) => ({
      action: 'accept',
      answers: form.questions.map((q) => {
        if (q.key === 'name') return 'Ada Lovelace';
        if (q.key === 'integer') return '7';
        if (!q.required)
          return q.kind === 'multi-choice' ? (q.defaults ?? null) : (q.options[0] ?? null);
        return null;
      }),
    });
    const result = await run('mcp__everything__trigger-elicitation-request', {});
    expect(result.output).toContain('- Name: Ada Lovelace');
    expect(result.output).toContain('- Favorite Integer: 7');
    expect(result.output).toContain('"untitledSingleSelectEnum": "Monica"');
    expect(result.output).toContain('"titledSingleSelectEnum": "hero-1"');
    expect(result.output).toContain('"legacyTitledEnum": "pet-1"');

    const form = asked.at(-1)!;
    expect(form.server).toBe('everything');
    expect(form.message).toBe('Please provide inputs for the following fields:');
    expect(form.questions).toHaveLength(13);
    const q = Object.fromEntries(form.questions.map((question) => [question.key, question]));
    expect(q.name).toMatchObject({
      kind: 'text',
      required: true,
      question: 'String: Your full, legal name',
    });
    expect(q.check).toMatchObject({ kind: 'boolean', options: ['Yes', 'No'], required: false });
    expect(q.firstLine).toMatchObject({
      kind: 'text',
      options: ['It was a dark and stormy night.'],
    });
    expect(q.email).toMatchObject({ kind: 'text', format: 'email' });
    expect(q.integer).toMatchObject({ kind: 'integer', min: 1, max: 100, options: ['42'] });
    expect(q.untitledSingleSelectEnum!.options).toEqual([
      'Monica',
      'Rachel',
      'Joey',
      'Chandler',
      'Ross',
      'Phoebe',
    ]);
    expect(q.titledSingleSelectEnum).toMatchObject({
      kind: 'choice',
      options: ['Superman', 'Green Lantern', 'Wonder Woman'],
    });
    expect(q.titledMultipleSelectEnum).toMatchObject({
      kind: 'multi-choice',
      min: 1,
      max: 3,
      defaults: ['Tuna'],
    });
    expect(q.legacyTitledEnum!.options).toEqual(['Cats', 'Dogs', 'Birds', 'Fish', 'Reptiles']);
    expect(checkFormAnswer(q.integer!, '101')).toBe('expected at most 100');
    expect(checkFormAnswer(q.email!, 'not-an-email')).toMatch(/email/);

    const record = records.at(-1)!;
    expect(record).toMatchObject({ mode: 'form', server: 'everything', action: 'accept' });
    expect(record.mode === 'form' && record.content).toMatchObject({
      name: 'Ada Lovelace',
      integer: 7,
      check: true,
    });
  });

  it('relays a decline and cancels the question when the call is interrupted', async () => {
    answerForm = async () => ({ action: 'decline' });
    const declined = await run('mcp__web__trigger-elicitation-request', {});
    expect(declined.output).toContain('declined');

    let released = false;
    answerForm = (_form, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          released = true;
          reject(signal.reason);
        });
      });
    const controller = new AbortController();
    const call = run(
      'mcp__everything__trigger-elicitation-request',
      {},
      context(controller.signal),
    );
    const before = asked.length;
    await waitFor(() => asked.length > before);
    controller.abort(new Error('turn interrupted'));
    await expect(call).rejects.toThrow('turn interrupted');
    await waitFor(() => released);
    expect(records.at(-1)).toMatchObject({ action: 'cancel', note: 'interrupted' });
  });

  it('hands a URL elicitation to the requester, which asks before anything opens', async () => {
    const result = await run('mcp__web__trigger-url-elicitation', {
      url: 'https://example.com/authorize?state=1',
      message: 'Sign in to continue',
    });
    expect(urls).toEqual([
      {
        server: 'web',
        url: 'https://example.com/authorize?state=1',
        message: 'Sign in to continue',
      },
    ]);
    expect(result.output).toMatch(/decline/i);
    expect(records.at(-1)).toMatchObject({ mode: 'url', action: 'decline' });
  });

  it('reconnects one server with a new process', async () => {
    const before = manager.servers().find((s) => s.name === 'everything')!.pid!;
    const status = await manager.reconnect('everything');
    expect(status.state).toBe('connected');
    expect(status.pid).not.toBe(before);
    await waitFor(() => !isAlive(before));
  });

  it('stops every server process on close', async () => {
    const pids = manager.servers().flatMap((s) => (s.pid ? [s.pid] : []));
    expect(pids).toHaveLength(2);
    expect(pids.every(isAlive)).toBe(true);
    const echo = tool('mcp__everything__echo');
    await manager.close();
    expect(pids.filter(isAlive)).toEqual([]);
    await expect(echo.execute({ message: 'hi' }, context())).rejects.toThrow(
      'everything/echo failed: MCP server "everything" is not connected (closed)',
    );
    expect(manager.servers().every((s) => s.state === 'closed' || s.state === 'failed')).toBe(true);
    expect(manager.tools()).toEqual([]);
  });
});
