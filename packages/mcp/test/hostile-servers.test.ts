import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { allowAll, type ToolContext } from '@agent/tools';
import { HOSTILE_MCP_SERVER, hostileMcpStdio } from '@agent/testkit';
import type { McpManager } from '../src';
import { managersClosedAfterEach } from './support/managers';
import { isAlive, tempDir, writeJson } from './support/servers';

jest.setTimeout(60_000);

const start = managersClosedAfterEach();

function context(): ToolContext {
  return {
    signal: new AbortController().signal,
    workspaceRoot: '/',
    toolCallId: 'call_1',
    person: allowAll,
  };
}

async function managerOf(server: Record<string, unknown>): Promise<McpManager> {
  const home = tempDir('mcp-hostile-');
  writeJson(path.join(home, 'config.json'), { mcpServers: { hostile: server } });
  const manager = start({ agentHome: home, workspace: home });
  await manager.ready();
  return manager;
}

async function callTool(manager: McpManager, name: string): Promise<unknown> {
  const tool = manager.tools().find((t) => t.name === `mcp__hostile__${name}`);
  if (!tool) throw new Error(`no tool ${name}: ${JSON.stringify(manager.servers())}`);
  return tool.execute({}, context());
}

const httpServers: ChildProcess[] = [];
afterEach(() => {
  for (const child of httpServers.splice(0)) child.kill('SIGKILL');
});

/** The hostile streamable HTTP server on a free loopback port, stopped after the test. */
async function startHttpServer(): Promise<string> {
  const child = spawn(process.execPath, [HOSTILE_MCP_SERVER, 'http-endless-sse'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  httpServers.push(child);
  let text = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /LISTENING_PORT=(\d+)/.exec(text);
      if (match) resolve(`http://127.0.0.1:${match[1]}/mcp`);
    });
    child.once('exit', () => reject(new Error(`the server exited: ${text}`)));
  });
}

describe('a server that sends more than one message may hold', () => {
  it('a tools/list line over 10 MiB fails that server with the reason; the agent lives on', async () => {
    const manager = await managerOf(hostileMcpStdio('huge-list'));
    const [status] = manager.servers();
    expect(status).toMatchObject({ state: 'failed', tools: [] });
    expect(status!.error).toMatch(/^the server sent a line larger than 10 MiB/);
    expect(manager.tools()).toEqual([]);
  });

  it('a result line over 10 MiB fails the call with the reason and closes the server', async () => {
    const manager = await managerOf(hostileMcpStdio('huge-result'));
    const pid = manager.servers()[0]!.pid!;
    await expect(callTool(manager, 'flood')).rejects.toThrow(
      /hostile\/flood failed: the server sent a line larger than 10 MiB .*connection was closed/,
    );
    expect(manager.servers()[0]).toMatchObject({ state: 'failed' });
    expect(manager.servers()[0]!.error).toMatch(/larger than 10 MiB/);
    expect(isAlive(pid)).toBe(false);
  });

  it('endless output without a newline fails the call and stops the server', async () => {
    const manager = await managerOf(hostileMcpStdio('endless-output'));
    const pid = manager.servers()[0]!.pid!;
    await expect(callTool(manager, 'flood')).rejects.toThrow(/line larger than 10 MiB/);
    expect(isAlive(pid)).toBe(false);
  });

  it('one endless SSE line over HTTP fails the call with the reason, memory bounded', async () => {
    const url = await startHttpServer();
    const manager = await managerOf({ type: 'http', url });
    expect(manager.servers()[0]).toMatchObject({ state: 'connected', transport: 'http' });
    const before = process.memoryUsage().rss;
    await expect(callTool(manager, 'flood')).rejects.toThrow(
      /hostile\/flood failed: the server sent an SSE event larger than 10 MiB/,
    );
    expect(manager.servers()[0]).toMatchObject({ state: 'failed' });
    // Bounded by the limit (and the SDK's decoding copies of it), not by the server's patience.
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
  });
});

describe('a server that exits right after answering initialize', () => {
  it('fails with that reason, every time', async () => {
    // The exit races the client's next message: several runs meet both orders.
    for (let run = 0; run < 5; run++) {
      const manager = await managerOf(hostileMcpStdio('exit-after-init'));
      expect(manager.servers()[0]).toMatchObject({
        state: 'failed',
        error: 'the server process exited while starting (exit status 0)',
      });
      await manager.close();
    }
  });
});
