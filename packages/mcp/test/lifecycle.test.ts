import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { allowAll } from '@agent/tools';
import {
  createTrustStore,
  loadServerConfigs,
  startMcp,
  TRUST_FILE,
  type McpManager,
  type McpServerStatus,
} from '../src';
import {
  everythingStdio,
  isAlive,
  processGroup,
  tempDir,
  waitFor,
  writeJson,
} from './support/servers';

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});

function start(options: Parameters<typeof startMcp>[0]): McpManager {
  const manager = startMcp({ killGraceMs: 200, ...options });
  managers.push(manager);
  return manager;
}

/** A stdio "server" that writes its pid to `file` and then never answers. */
function silentServer(file: string) {
  return {
    command: process.execPath,
    args: [
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(file)}, String(process.pid)); setInterval(() => {}, 1000)`,
    ],
  };
}

describe('workspace trust', () => {
  it('starts nothing from an untrusted .mcp.json, and starts it once trusted', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const marker = path.join(workspace, 'started');
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { local: { command: 'sh', args: ['-c', `touch '${marker}'`] } },
    });
    writeJson(path.join(home, 'config.json'), { mcpServers: { mine: everythingStdio() } });

    const manager = start({ agentHome: home, workspace });
    await manager.ready();
    // Give a wrongly started process time to leave its mark.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(marker)).toBe(false);
    const byName = Object.fromEntries(manager.servers().map((s) => [s.name, s]));
    expect(byName.local).toMatchObject({
      scope: 'workspace',
      state: 'disabled-untrusted',
      tools: [],
    });
    expect(byName.mine).toMatchObject({ scope: 'user', state: 'connected' });
    expect(manager.tools().every((t) => t.name.startsWith('mcp__mine__'))).toBe(true);
    expect(await manager.reconnect('local')).toMatchObject({ state: 'disabled-untrusted' });
    expect(fs.existsSync(marker)).toBe(false);

    await manager.trustWorkspace();
    expect(fs.existsSync(marker)).toBe(true);
    // The marker server exits at once: reported, not fatal.
    expect(manager.servers().find((s) => s.name === 'local')).toMatchObject({ state: 'failed' });
    const trustFile = path.join(home, TRUST_FILE);
    expect(fs.statSync(trustFile).mode & 0o777).toBe(0o600);
    expect(Object.keys(JSON.parse(fs.readFileSync(trustFile, 'utf8')).workspaces)).toEqual([
      workspace,
    ]);
  });

  it('remembers trust by real path and lets headless override it without remembering', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const link = path.join(tempDir('mcp-link-'), 'ws');
    fs.symlinkSync(workspace, link);
    const store = createTrustStore(home);
    expect(await store.trustState(link, 'digest')).toBe('untrusted');

    const marker = path.join(workspace, 'started');
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { local: { command: 'sh', args: ['-c', `touch '${marker}'`] } },
    });
    const manager = start({ agentHome: home, workspace: link, trustOverride: true });
    await manager.ready();
    expect(fs.existsSync(marker)).toBe(true);
    expect(fs.existsSync(path.join(home, TRUST_FILE))).toBe(false);

    await store.trust(link, 'digest');
    expect(await store.trustState(workspace, 'digest')).toBe('trusted');
    expect(await store.trustState(workspace, 'other')).toBe('changed');
    expect(await store.trustState(home, 'digest')).toBe('untrusted');

    // Trust remembered before it was tied to the content asks again, as a changed file does.
    writeJson(path.join(home, TRUST_FILE), {
      version: 1,
      workspaces: { [workspace]: { trustedAt: '2026-01-01T00:00:00.000Z' } },
    });
    expect(await store.trustState(workspace, 'digest')).toBe('changed');
  });

  it('holds the servers back again when the trusted .mcp.json changes, until trusted again', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const marker = (name: string) => path.join(workspace, `started-${name}`);
    const touch = (name: string) => ({ command: 'sh', args: ['-c', `touch '${marker(name)}'`] });
    writeJson(path.join(workspace, '.mcp.json'), { mcpServers: { first: touch('first') } });
    const trusting = start({ agentHome: home, workspace });
    await trusting.ready();
    await trusting.trustWorkspace();
    expect(fs.existsSync(marker('first'))).toBe(true);
    await trusting.close();

    // The same configuration, reformatted: still trusted.
    fs.rmSync(marker('first'));
    fs.writeFileSync(
      path.join(workspace, '.mcp.json'),
      JSON.stringify({ mcpServers: { first: touch('first') } }),
    );
    const same = start({ agentHome: home, workspace });
    await same.ready();
    expect(await same.workspaceTrusted()).toBe(true);
    expect(fs.existsSync(marker('first'))).toBe(true);

    // A pull adds a server: nothing of the workspace starts without asking again.
    fs.rmSync(marker('first'));
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { first: touch('first'), added: touch('added') },
    });
    const changed = start({ agentHome: home, workspace });
    await changed.ready();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(marker('first'))).toBe(false);
    expect(fs.existsSync(marker('added'))).toBe(false);
    expect(await changed.workspaceTrusted()).toBe(false);
    expect(changed.servers()).toEqual([
      expect.objectContaining({ name: 'first', state: 'disabled-untrusted', configChanged: true }),
      expect.objectContaining({ name: 'added', state: 'disabled-untrusted', configChanged: true }),
    ]);
    await changed.trustWorkspace();
    expect(fs.existsSync(marker('added'))).toBe(true);
    const digest = (await loadServerConfigs(home, workspace)).workspaceDigest;
    expect(await createTrustStore(home).trustState(workspace, digest)).toBe('trusted');
  });

  it('starts nothing of a trusted workspace when trust is overridden to false (headless)', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const marker = path.join(workspace, 'started');
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { local: { command: 'sh', args: ['-c', `touch '${marker}'`] } },
    });
    const digest = (await loadServerConfigs(home, workspace)).workspaceDigest;
    await createTrustStore(home).trust(workspace, digest);
    const manager = start({ agentHome: home, workspace, trustOverride: false });
    await manager.ready();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(marker)).toBe(false);
    expect(manager.servers()).toEqual([
      expect.objectContaining({ name: 'local', state: 'disabled-untrusted' }),
    ]);
  });

  it('announces all untrusted servers at once, with the configuration problems', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    const never = { command: 'sh', args: ['-c', 'exit 1'] };
    writeJson(path.join(workspace, '.mcp.json'), {
      mcpServers: { alpha: never, beta: never, gamma: never },
    });
    fs.writeFileSync(path.join(home, 'config.json'), '{ "mcpServers": ');
    const calls: { servers: McpServerStatus[]; errors: string[] }[] = [];
    const manager = start({
      agentHome: home,
      workspace,
      onChange: (servers, errors) => calls.push({ servers, errors }),
    });
    await manager.ready();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.servers.map((s) => `${s.name}:${s.state}`)).toEqual([
      'alpha:disabled-untrusted',
      'beta:disabled-untrusted',
      'gamma:disabled-untrusted',
    ]);
    expect(calls[0]!.errors).toEqual([expect.stringMatching(/config\.json: not valid JSON/)]);
  });
});

describe('server lifecycle', () => {
  it('fails a server that does not answer in time and stops its process', async () => {
    const home = tempDir('mcp-home-');
    const pidFile = path.join(home, 'pid');
    writeJson(path.join(home, 'config.json'), { mcpServers: { mute: silentServer(pidFile) } });
    const manager = start({ agentHome: home, workspace: home, connectTimeoutMs: 400 });
    await manager.ready();
    expect(manager.servers()[0]).toMatchObject({
      state: 'failed',
      error: 'no answer within 0.4 s',
    });
    expect(isAlive(Number(fs.readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('leaves no orphan when a launcher starts the server as its child', async () => {
    const home = tempDir('mcp-home-');
    const { command, args } = everythingStdio();
    // `; true` keeps sh alive as the parent instead of exec-ing node.
    const line = [command, ...args].map((part) => `'${part}'`).join(' ') + '; true';
    writeJson(path.join(home, 'config.json'), {
      mcpServers: { wrapped: { command: 'sh', args: ['-c', line] } },
    });
    const manager = start({ agentHome: home, workspace: home });
    await manager.ready();
    const status = manager.servers()[0]!;
    expect(status.state).toBe('connected');
    const group = processGroup(status.pid!);
    expect(group.length).toBeGreaterThanOrEqual(2);
    await manager.close();
    expect(group.filter(isAlive)).toEqual([]);
  });

  it('stops servers still starting when closed, and everything when its signal aborts', async () => {
    const home = tempDir('mcp-home-');
    const pidFile = path.join(home, 'pid');
    writeJson(path.join(home, 'config.json'), {
      mcpServers: { mute: silentServer(pidFile), everything: everythingStdio() },
    });
    const controller = new AbortController();
    const manager = start({ agentHome: home, workspace: home, signal: controller.signal });
    await waitFor(() => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8') !== '');
    const mute = Number(fs.readFileSync(pidFile, 'utf8'));
    controller.abort();
    await manager.close();
    expect(isAlive(mute)).toBe(false);
    expect(manager.servers().map((s) => s.state)).toEqual(['closed', 'closed']);
    expect(processGroup(mute)).toEqual([]);
  });

  it('starts nothing when its signal is already aborted', async () => {
    const home = tempDir('mcp-home-');
    const marker = path.join(home, 'started');
    writeJson(path.join(home, 'config.json'), {
      mcpServers: { local: { command: 'sh', args: ['-c', `touch '${marker}'`] } },
    });
    const manager = start({ agentHome: home, workspace: home, signal: AbortSignal.abort() });
    await manager.ready();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fs.existsSync(marker)).toBe(false);
    expect(manager.servers()).toEqual([
      expect.objectContaining({ name: 'local', state: 'closed' }),
    ]);
  });

  it('declines elicitation at once where no person can answer', async () => {
    const home = tempDir('mcp-home-');
    writeJson(path.join(home, 'config.json'), { mcpServers: { everything: everythingStdio() } });
    const records: unknown[] = [];
    const manager = start({
      agentHome: home,
      workspace: home,
      onElicitation: (r) => records.push(r),
    });
    await manager.ready();
    const elicit = manager
      .tools()
      .find((t) => t.name === 'mcp__everything__trigger-elicitation-request')!;
    const result = await elicit.execute(
      {},
      {
        signal: new AbortController().signal,
        workspaceRoot: home,
        toolCallId: 'c1',
        permissions: allowAll,
      },
    );
    expect(result.output).toContain('declined');
    expect(records).toEqual([
      expect.objectContaining({ action: 'decline', note: 'no person can answer here' }),
    ]);
  });

  it('reports bad configuration and unset variables without stopping other servers', async () => {
    const home = tempDir('mcp-home-');
    const workspace = tempDir('mcp-ws-');
    fs.writeFileSync(path.join(workspace, '.mcp.json'), '{ "mcpServers": ');
    writeJson(path.join(home, 'config.json'), {
      mcpServers: {
        needsKey: { ...everythingStdio(), env: { API_KEY: '${MCP_TEST_UNSET_KEY}' } },
        withDefault: { ...everythingStdio(), env: { API_KEY: '${MCP_TEST_UNSET_KEY:-fallback}' } },
        odd: { type: 'websocket', url: 'ws://127.0.0.1:1' },
      },
    });
    const manager = start({ agentHome: home, workspace, env: {} });
    await manager.ready();
    expect(manager.configErrors()).toEqual([
      expect.stringMatching(/config\.json: server "odd": unknown "type" "websocket"/),
      expect.stringMatching(/\.mcp\.json: not valid JSON/),
    ]);
    const byName = Object.fromEntries(manager.servers().map((s) => [s.name, s]));
    expect(byName.needsKey).toMatchObject({
      state: 'failed',
      error:
        'environment variable MCP_TEST_UNSET_KEY is not set (referenced as ${MCP_TEST_UNSET_KEY})',
    });
    expect(byName.withDefault!.state).toBe('connected');
  });

  it('expands ${VAR} in command and args too, with the same rules', async () => {
    const home = tempDir('mcp-home-');
    const { command, args } = everythingStdio();
    writeJson(path.join(home, 'config.json'), {
      mcpServers: {
        expanded: {
          command: '${MCP_TEST_NODE}',
          args: ['${MCP_TEST_SCRIPT}', '${MCP_TEST_MODE:-stdio}'],
        },
        defaulted: { command: '${MCP_TEST_UNSET_NODE:-sh}', args: ['-c', 'exit 0'] },
        missing: { command: 'sh', args: ['${MCP_TEST_UNSET_ARG}'] },
      },
    });
    const env = { MCP_TEST_NODE: command, MCP_TEST_SCRIPT: args[0]! };
    const manager = start({ agentHome: home, workspace: home, env });
    await manager.ready();
    const byName = Object.fromEntries(manager.servers().map((s) => [s.name, s]));
    expect(byName.expanded).toMatchObject({ state: 'connected' });
    // Shown as configured, references unexpanded.
    expect(byName.expanded!.target).toBe(
      '${MCP_TEST_NODE} ${MCP_TEST_SCRIPT} ${MCP_TEST_MODE:-stdio}',
    );
    // The default ran (sh exits at once), not a program named "${MCP_TEST_UNSET_NODE:-sh}".
    expect(byName.defaulted!.error).not.toMatch(/ENOENT|cannot start/);
    expect(byName.missing).toMatchObject({
      state: 'failed',
      error:
        'environment variable MCP_TEST_UNSET_ARG is not set (referenced as ${MCP_TEST_UNSET_ARG})',
    });
    // The configuration file is never rewritten with the values.
    expect(fs.readFileSync(path.join(home, 'config.json'), 'utf8')).not.toContain(command);
  });

  it('says a call timed out in words: the server did not answer within N s', async () => {
    const home = tempDir('mcp-home-');
    writeJson(path.join(home, 'config.json'), { mcpServers: { everything: everythingStdio() } });
    const manager = start({ agentHome: home, workspace: home, callTimeoutMs: 500 });
    await manager.ready();
    const slow = manager
      .tools()
      .find((t) => t.name === 'mcp__everything__trigger-long-running-operation')!;
    const call = slow.execute(
      { duration: 5, steps: 1 },
      {
        signal: new AbortController().signal,
        workspaceRoot: home,
        toolCallId: 'c1',
        permissions: allowAll,
      },
    );
    const outcome = await call.then(
      (result) => JSON.stringify(result),
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/did not answer within 0\.5 s/);
    expect(outcome).not.toContain('-32001');
  });

  it('shows the line of stderr that explains a crash at start', async () => {
    const home = tempDir('mcp-home-');
    writeJson(path.join(home, 'config.json'), {
      mcpServers: {
        crashing: { command: process.execPath, args: ['-e', "require('mcp-no-such-module')"] },
      },
    });
    const manager = start({ agentHome: home, workspace: home });
    await manager.ready();
    const [status] = manager.servers();
    expect(status).toMatchObject({ state: 'failed' });
    expect(status!.error).toContain("Error: Cannot find module 'mcp-no-such-module'");
    expect(status!.error!.length).toBeLessThan(2000);
  });
});

describe('process exit', () => {
  it('kills the servers of a process that exits or crashes without closing them', async () => {
    const dist = path.join(__dirname, '..', 'dist', 'index.js');
    for (const ending of ['process.exit(1)', 'setTimeout(() => { throw new Error("crash"); })']) {
      const home = tempDir('mcp-home-');
      writeJson(path.join(home, 'config.json'), { mcpServers: { everything: everythingStdio() } });
      const script = `
        const { startMcp } = require(${JSON.stringify(dist)});
        const manager = startMcp({ agentHome: ${JSON.stringify(home)}, workspace: ${JSON.stringify(home)} });
        manager.ready().then(() => {
          console.log(JSON.stringify(manager.servers().map((s) => s.pid)));
          ${ending};
        });`;
      const { stdout } = await run(process.execPath, ['-e', script]);
      const pids = JSON.parse(stdout.trim()) as number[];
      expect(pids).toHaveLength(1);
      // A killed process lingers until it is reaped (it was orphaned with its parent): wait a little.
      for (let i = 0; i < 30 && (pids.some(isAlive) || processGroup(pids[0]!).length); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pids.filter(isAlive)).toEqual([]);
      expect(processGroup(pids[0]!)).toEqual([]);
    }
  });
});

function run(command: string, args: string[]): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ stdout, code }));
  });
}
