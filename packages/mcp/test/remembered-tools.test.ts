import fs from 'node:fs';
import path from 'node:path';
import { gatedServer } from '@agent/testkit';
import { allowAll } from '@agent/tools';
import {
  loadServerConfigs,
  TOOL_LIST_MAX_AGE_MS,
  TOOL_LISTS_FILE,
  ToolLists,
  type McpManager,
} from '../src';
import { managersClosedAfterEach } from './support/managers';
import { isAlive, serverScript, tempDir, waitFor, writeJson } from './support/servers';

const start = managersClosedAfterEach();

/** server-everything held at its start until `open()` (see gatedServer). */
function gatedEverything(dir: string, extraArg?: string) {
  const server = [process.execPath, serverScript('server-everything'), 'stdio'];
  return gatedServer(dir, extraArg ? [...server, extraArg] : server);
}

function context(signal = new AbortController().signal) {
  return { signal, workspaceRoot: '/', toolCallId: 'call_1', person: allowAll };
}

function echo(manager: McpManager) {
  const tool = manager.tools().find((t) => t.name === 'mcp__gated__echo');
  if (!tool) throw new Error(`no echo tool among ${manager.tools().map((t) => t.name)}`);
  return tool;
}

/** One run that connects through the gate, so the server's tool list is remembered. */
async function connectOnce(
  home: string,
  workspace: string,
  gated: ReturnType<typeof gatedEverything>,
) {
  const manager = start({ agentHome: home, workspace });
  await gated.open();
  await manager.ready();
  expect(manager.servers()[0]!.state).toBe('connected');
  await manager.close();
}

describe('remembered tool lists', () => {
  it.each(['at-once', 'when-used'] as const)(
    'offers the tools a server listed last time while it starts, and a call waits for it (handshake %s)',
    async (handshake) => {
      const home = tempDir('mcp-home-');
      const workspace = tempDir('mcp-ws-');
      const gated = gatedEverything(home);
      writeJson(path.join(home, 'config.json'), { mcpServers: { gated: gated.entry } });
      await connectOnce(home, workspace, gated);
      expect(fs.existsSync(path.join(home, TOOL_LISTS_FILE))).toBe(true);
      expect(fs.readdirSync(workspace)).toEqual([]);

      const manager = start({ agentHome: home, workspace, handshake });
      // The server is held at its start, yet its tools are known and offered.
      await manager.toolsKnown();
      expect(manager.servers()[0]!.state).toBe('connecting');
      expect(manager.tools().map((t) => t.name)).toContain('mcp__gated__get-sum');
      const call = echo(manager).execute({ message: 'exact  text ' }, context());
      await waitFor(gated.started);
      await gated.open();
      const result = await call;
      expect(result.output).toContain('exact  text ');
      expect(manager.servers()[0]!.state).toBe('connected');
    },
  );

  it('a list not confirmed by a connection for a day is not offered', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const gated = gatedEverything(home);
    writeJson(path.join(home, 'config.json'), { mcpServers: { gated: gated.entry } });
    await connectOnce(home, workspace, gated);
    const file = path.join(home, TOOL_LISTS_FILE);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    const old = new Date(Date.now() - TOOL_LIST_MAX_AGE_MS - 60_000).toISOString();
    for (const entry of Object.values<{ savedAt: string }>(saved.servers)) entry.savedAt = old;
    writeJson(file, saved);

    const manager = start({ agentHome: home, workspace, handshake: 'when-used' });
    expect(manager.tools()).toEqual([]);
    // Waited for as on a first run, and confirmed again for the next one.
    await gated.open();
    await manager.toolsKnown();
    expect(manager.servers()[0]!.state).toBe('connected');
    await manager.close();
    const [config] = loadServerConfigs(home, workspace).servers;
    expect(new ToolLists(home).remembered(config!, workspace)).toBeDefined();
  });

  it('a remembered tool the server no longer offers fails with the tools it has now', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const gated = gatedEverything(home);
    writeJson(path.join(home, 'config.json'), { mcpServers: { gated: gated.entry } });
    const [config] = loadServerConfigs(home, workspace).servers;
    const lists = new ToolLists(home);
    lists.remember(config!, workspace, [{ name: 'vanished', inputSchema: { type: 'object' } }]);
    await lists.written();

    const manager = start({ agentHome: home, workspace });
    await manager.toolsKnown();
    const vanished = manager.tools().find((t) => t.name === 'mcp__gated__vanished')!;
    const call = vanished.execute({}, context());
    await gated.open();
    await expect(call).rejects.toThrow(/no longer offers the tool "vanished".*get-sum/);
    // What it lists now is remembered for the next run.
    await manager.close();
    const again = new ToolLists(home).remembered(config!, workspace)!.map((tool) => tool.name);
    expect(again).toContain('echo');
    expect(again).not.toContain('vanished');
  });

  it('a changed entry, another workspace or a corrupt file offers nothing before the server connects', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const gated = gatedEverything(home);
    writeJson(path.join(home, 'config.json'), { mcpServers: { gated: gated.entry } });
    await connectOnce(home, workspace, gated);

    const elsewhere = start({ agentHome: home, workspace: tempDir('mcp-ws-') });
    expect(elsewhere.tools()).toEqual([]);
    await elsewhere.close();

    writeJson(path.join(home, 'config.json'), {
      mcpServers: { gated: gatedEverything(home, 'extra').entry },
    });
    const changed = start({ agentHome: home, workspace });
    expect(changed.tools()).toEqual([]);
    await changed.close();

    fs.writeFileSync(path.join(home, TOOL_LISTS_FILE), '{"version":1,"servers":');
    writeJson(path.join(home, 'config.json'), { mcpServers: { gated: gated.entry } });
    const corrupt = start({ agentHome: home, workspace });
    expect(corrupt.tools()).toEqual([]);
    await gated.open();
    await corrupt.ready();
    expect(corrupt.tools().length).toBeGreaterThan(0);
  });

  it('a call waiting for the server stops when aborted, and closing ends the held server', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const gated = gatedEverything(home);
    writeJson(path.join(home, 'config.json'), { mcpServers: { gated: gated.entry } });
    await connectOnce(home, workspace, gated);
    fs.rmSync(path.join(home, 'gated-server.pid'));

    const manager = start({ agentHome: home, workspace });
    await manager.toolsKnown();
    const stop = new AbortController();
    const call = echo(manager).execute({ message: 'never' }, context(stop.signal));
    stop.abort(new Error('stopped by the person'));
    await expect(call).rejects.toThrow('stopped by the person');
    await waitFor(gated.started);
    const pid = gated.pid();
    await manager.close();
    expect(isAlive(pid)).toBe(false);
  });
});
