import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { allowAll } from '@agent/tools';
import {
  everythingStdio,
  isAlive,
  processGroup,
  tempDir,
  waitFor,
  writeJson,
} from './support/servers';
import { managersClosedAfterEach } from './support/managers';

const start = managersClosedAfterEach();

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

/** silentServer, which also ignores SIGTERM: only SIGKILL ends it. */
function stubbornServer(file: string) {
  const server = silentServer(file);
  return { ...server, args: ['-e', `process.on('SIGTERM', () => {}); ${server.args[1]}`] };
}

describe('server lifecycle', () => {
  it('closing without waiting returns while the server still runs, and ends it in the background', async () => {
    const home = tempDir('mcp-home-');
    const pidFile = path.join(home, 'pid');
    writeJson(path.join(home, 'config.json'), { mcpServers: { mute: stubbornServer(pidFile) } });
    const manager = start({ agentHome: home, workspace: home, killGraceMs: 200 });
    await waitFor(() => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8') !== '');
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    await manager.close({ wait: false });
    expect(isAlive(pid)).toBe(true);
    expect(manager.servers()[0]!.state).toBe('closed');
    // End of input and SIGTERM are ignored: SIGKILL after the grace ends it.
    await waitFor(() => !isAlive(pid) && processGroup(pid).length === 0);
  });

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
        person: allowAll,
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
        person: allowAll,
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

  it('a server ended in the background holds no process open, and goes when the process exits', async () => {
    const dist = path.join(__dirname, '..', 'dist', 'index.js');
    const home = tempDir('mcp-home-');
    const pidFile = path.join(home, 'pid');
    writeJson(path.join(home, 'config.json'), { mcpServers: { mute: stubbornServer(pidFile) } });
    // A grace of ten minutes: were its timers to hold the process, this test would time out.
    const script = `
      const fs = require('fs');
      const { startMcp } = require(${JSON.stringify(dist)});
      const manager = startMcp({ agentHome: ${JSON.stringify(home)}, workspace: ${JSON.stringify(home)}, killGraceMs: 600000 });
      const poll = setInterval(() => {
        if (!fs.existsSync(${JSON.stringify(pidFile)}) || !fs.readFileSync(${JSON.stringify(pidFile)}, 'utf8')) return;
        clearInterval(poll);
        manager.close({ wait: false }).then(() => console.log('closed'));
      }, 20);`;
    const { stdout, code } = await run(process.execPath, ['-e', script]);
    expect({ stdout: stdout.trim(), code }).toEqual({ stdout: 'closed', code: 0 });
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    // Killed as the process exited; it lingers until reaped (orphaned with its parent).
    await waitFor(() => !isAlive(pid) && processGroup(pid).length === 0);
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
