import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gatedServer, isAlive, startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { allowAll, answerAtOnce } from '@agent/tools';
import { createTrustStore, loadServerConfigs } from '@agent/mcp';
import { AgentSession, Conversation, type McpSessionOptions, type RuntimeEvent } from '../src';

jest.setTimeout(60_000);

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function toolNames(body: Record<string, any>): string[] {
  return (body.tools ?? []).map((tool: { function: { name: string } }) => tool.function.name);
}

describe('AgentSession with MCP servers (server-everything over stdio)', () => {
  let home: string;
  let workspace: string;
  let fake: FakeServer;
  const events: RuntimeEvent[] = [];

  beforeEach(() => {
    home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rt-mcp-home-')));
    workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rt-mcp-ws-')));
    const script = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    fs.writeFileSync(
      path.join(home, 'config.json'),
      JSON.stringify({
        mcpServers: { everything: { command: process.execPath, args: [script, 'stdio'] } },
      }),
    );
    events.length = 0;
  });

  afterEach(async () => {
    await fake?.close();
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(workspace, { recursive: true, force: true });
  });

  /** Configures the server behind a gate: it waits at its start until `open()`. */
  function holdServerAtStart() {
    const script = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    const gated = gatedServer(home, [process.execPath, script, 'stdio']);
    fs.writeFileSync(
      path.join(home, 'config.json'),
      JSON.stringify({ mcpServers: { everything: gated.entry } }),
    );
    return gated;
  }

  /** A session in the workspace against the fake model, with the servers of `home`'s config. */
  function options(mcp?: McpSessionOptions) {
    return {
      ...(mcp ? { mcp } : {}),
      agentHome: home,
      workspaceRoot: workspace,
      choice: {
        flags: { provider: 'openai-chat', model: 'm', baseUrl: `${fake.url}/v1` },
        env: { OPENAI_API_KEY: 'k' },
        agentHome: home,
      },
    };
  }

  function create(mcp?: McpSessionOptions): Promise<AgentSession> {
    return AgentSession.create({
      ...options(mcp),
      person: allowAll,
      onEvent: (event) => events.push(event),
    });
  }

  it('returns before the servers connect; their tools join the requests once connected; close stops them', async () => {
    fake = await startOpenAIChatServer([
      { text: 'before' },
      { toolCalls: [{ id: 'c1', name: 'mcp__everything__echo', arguments: { message: 'hi' } }] },
      { text: 'after' },
    ]);
    // The server is held at its start until the first turn is over.
    const gated = holdServerAtStart();
    const session = await create();
    expect(session.mcp).toBeDefined();
    expect(session.mcp!.servers().every((s) => s.state !== 'connected')).toBe(true);
    // The first prompt does not wait for the servers.
    await session.runTurn('first');
    expect(toolNames(fake.requests[0]!.body)).not.toContain('mcp__everything__echo');

    await gated.open();
    await session.mcp!.ready();
    const [status] = session.mcp!.servers();
    expect(status).toMatchObject({ name: 'everything', state: 'connected' });
    expect(events.some((e) => e.type === 'mcp_servers')).toBe(true);
    const result = await session.runTurn('second');
    expect(result.reason).toBe('done');
    expect(toolNames(fake.requests[1]!.body)).toContain('mcp__everything__echo');
    const tool = (fake.requests[2]!.body.messages as Array<Record<string, unknown>>).find(
      (m) => m.role === 'tool',
    );
    expect(String(tool?.content)).toContain('Echo: hi');
    // The system prompt lists the fixed tools only, and says where MCP tools come from.
    expect(session.system).not.toContain('mcp__everything__echo');
    expect(session.system).toContain('mcp__<server>__<tool>');

    // Closing tells the server to end and does not wait for it: it is gone soon after.
    await session.close();
    await until(() => !isAlive(status!.pid!));
  });

  it("a conversation's first prompt waits for the servers, so its first request offers their tools", async () => {
    fake = await startOpenAIChatServer([{ text: 'hello' }]);
    const gated = holdServerAtStart();
    const conversation = await Conversation.open(options());
    try {
      let accepted = false;
      const prompt = conversation.submit({ type: 'prompt', text: 'first' }).then((result) => {
        accepted = true;
        return result;
      });
      await until(() => gated.started());
      expect(accepted).toBe(false);
      await gated.open();
      expect(await prompt).toEqual({ ok: true });
      expect((await conversation.turn)?.reason).toBe('done');
      expect(toolNames(fake.requests[0]!.body)).toContain('mcp__everything__echo');
    } finally {
      await conversation.close();
    }
  });

  it('an interrupt stops the first prompt waiting for the servers, and says it was dropped', async () => {
    fake = await startOpenAIChatServer([]);
    const gated = holdServerAtStart();
    const said: string[] = [];
    const conversation = await Conversation.open({
      ...options(),
      onEvent: (event) => said.push(event.type),
    });
    try {
      const prompt = conversation.submit({ type: 'prompt', text: 'first' });
      await until(() => gated.started());
      // Another front end's prompt meanwhile is told what holds it.
      expect(await conversation.submit({ type: 'prompt', text: 'second' }, 'the web page')).toEqual(
        { ok: false, reason: 'another prompt is being sent; wait for its turn, or interrupt it' },
      );
      await conversation.submit({ type: 'interrupt' });
      expect(await prompt).toEqual({ ok: false, reason: 'interrupted' });
      expect(fake.requests).toHaveLength(0);
      // No turn started or ended: the drop is what tells a front end holding a prompt back.
      expect(said.filter((type) => type.startsWith('turn_') || type === 'prompt_dropped')).toEqual([
        'prompt_dropped',
      ]);
      expect(conversation.busy).toBe(false);
    } finally {
      await conversation.close();
    }
  });

  it('the context figure counts the tools of servers that connect after it was first read', async () => {
    fake = await startOpenAIChatServer([]);
    const gated = holdServerAtStart();
    const session = await create();
    try {
      const before = session.contextFill().used;
      await gated.open();
      await session.mcp!.ready();
      const after = session.contextFill().used;
      expect(after).toBeGreaterThan(before);
      expect(after).toBe(session.contextUsage().total);
    } finally {
      await session.close();
    }
  });

  it('an interrupt cancels a running MCP call, and close leaves no server process', async () => {
    fake = await startOpenAIChatServer([
      {
        toolCalls: [
          {
            id: 'slow',
            name: 'mcp__everything__trigger-long-running-operation',
            arguments: { duration: 30, steps: 30 },
          },
        ],
      },
    ]);
    const session = await create();
    await session.mcp!.ready();
    const pid = session.mcp!.servers()[0]!.pid!;
    const turn = session.runTurn('go');
    await until(() => events.some((e) => e.type === 'tool_start'));
    const started = Date.now();
    await session.interrupt();
    expect((await turn).reason).toBe('interrupted');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(isAlive(pid)).toBe(true);
    await session.close();
    await until(() => !isAlive(pid));
  });

  it("a subagent allowed mcp__everything__* calls the server's tools; its server's questions are declined, never asked", async () => {
    fs.mkdirSync(path.join(home, 'agents'));
    fs.writeFileSync(
      path.join(home, 'agents', 'mcp-user.md'),
      '---\nname: mcp-user\ndescription: uses MCP\ntools: ["mcp__everything__*"]\n---\nUse the tools.',
    );
    fake = await startOpenAIChatServer([
      {
        toolCalls: [
          {
            id: 'task1',
            name: 'task',
            arguments: { agent: 'mcp-user', description: 'ask the server', prompt: 'go' },
          },
        ],
      },
      {
        toolCalls: [
          { id: 'sub1', name: 'mcp__everything__trigger-elicitation-request', arguments: {} },
        ],
      },
      { text: 'subagent done' },
      { text: 'primary done' },
    ]);
    const asked: string[] = [];
    const records: string[] = [];
    const session = await AgentSession.create({
      agentHome: home,
      workspaceRoot: workspace,
      choice: {
        flags: { provider: 'openai-chat', model: 'm', baseUrl: `${fake.url}/v1` },
        env: { OPENAI_API_KEY: 'k' },
        agentHome: home,
      },
      person: answerAtOnce({
        approval: () => ({ kind: 'allow' }),
        form: async ({ payload }) => {
          asked.push(payload.server);
          return { action: 'accept', answers: [] };
        },
        url: async () => ({ action: 'accept' }),
      }),
      mcp: {},
      onEvent: (event) => {
        if (event.type === 'elicitation') records.push(event.record.action);
      },
    });
    await session.mcp!.ready();
    const result = await session.runTurn('delegate');
    expect(result.reason).toBe('done');
    // The subagent got the server's tools, not the primary's built-ins.
    const subTools = toolNames(fake.requests[1]!.body);
    expect(subTools).toContain('mcp__everything__trigger-elicitation-request');
    expect(subTools).not.toContain('read_file');
    expect(asked).toEqual([]);
    expect(records).toEqual(['decline']);
    await session.close();
  });

  it('the REPL starts a workspace it trusted for this .mcp.json; headless only with --trust-mcp', async () => {
    fake = await startOpenAIChatServer([]);
    const script = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    fs.writeFileSync(
      path.join(workspace, '.mcp.json'),
      JSON.stringify({
        mcpServers: { local: { command: process.execPath, args: [script, 'stdio'] } },
      }),
    );
    const digest = loadServerConfigs(home, workspace).workspaceDigest;
    await createTrustStore(home).trust(workspace, digest);
    const stateOf = async (mcp?: McpSessionOptions) => {
      const session = await create(mcp);
      try {
        await session.mcp!.ready();
        return session.mcp!.servers().find((s) => s.name === 'local')?.state;
      } finally {
        await session.close();
      }
    };
    expect(await stateOf()).toBe('connected'); // the REPL: no trust option
    expect(await stateOf({ trustWorkspace: false })).toBe('disabled-untrusted'); // headless
    expect(await stateOf({ trustWorkspace: true })).toBe('connected'); // --trust-mcp
  });

  it('reports configuration problems with the servers, for the REPL to show', async () => {
    fake = await startOpenAIChatServer([]);
    fs.writeFileSync(path.join(workspace, '.mcp.json'), '{ "mcpServers": { ');
    const session = await create();
    await session.mcp!.ready();
    await session.close();
    const reported = events.find((e) => e.type === 'mcp_servers');
    expect(reported).toMatchObject({
      configErrors: [expect.stringMatching(/\.mcp\.json: not valid JSON/)],
    });
  });

  it('mcp: false starts nothing', async () => {
    fake = await startOpenAIChatServer([]);
    const session = await AgentSession.create({
      agentHome: home,
      workspaceRoot: workspace,
      choice: {
        flags: { provider: 'openai-chat', model: 'm', baseUrl: `${fake.url}/v1` },
        env: {},
        agentHome: home,
      },
      person: allowAll,
      mcp: false,
      onEvent: () => undefined,
    });
    expect(session.mcp).toBeUndefined();
    await session.close();
  });
});
