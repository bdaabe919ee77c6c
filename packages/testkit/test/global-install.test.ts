import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '../src';
import type { LocalRegistry } from './support/local-registry';
import { cleanEnv } from './support/pack';
import { offlineRegistry, runtimeNeeds } from './support/offline-registry';

const ROOT = path.resolve(__dirname, '../../..');
/** What the apps need at run time, then the apps themselves (the REPL's --acp runs acp). */
const PACKED = [
  'packages/tools',
  'packages/llm',
  'packages/session',
  'packages/askuser',
  'packages/subagents',
  'packages/mcp',
  'packages/runtime',
  'apps/acp',
  'apps/repl',
  'apps/headless',
];

function run(
  command: string,
  args: string[],
  cwd: string,
  timeout = 60_000,
  env: NodeJS.ProcessEnv = {},
): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...userEnv(), CI: '1', ...env },
    timeout,
  });
}

/** Runs an installed command to its end: exit code and output. */
function runInstalled(bin: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(bin, args, {
    cwd,
    encoding: 'utf8',
    env: { ...userEnv(), ...env },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * This environment without what a package manager sets for its scripts (`INIT_CWD` would name
 * the directory jest was started from as the workspace): a person's shell.
 */
function userEnv(): NodeJS.ProcessEnv {
  return cleanEnv();
}

/** The fake's address as headless flags. */
function fakeArgs(fake: FakeServer): string[] {
  return ['--provider', 'openai-chat', '--model', 'gpt-test', '--base-url', `${fake.url}/v1`];
}

/**
 * Runs an installed command without blocking this process (the fakes run in it); `during` may
 * act on the running child (send it a signal).
 */
function spawnInstalled(
  bin: string,
  args: string[],
  where: { cwd: string; home: string; env?: NodeJS.ProcessEnv },
  during?: (child: ChildProcess) => Promise<void>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      cwd: where.cwd,
      env: { ...userEnv(), AGENT_HOME: where.home, OPENAI_API_KEY: 'k', ...where.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    if (during) during(child).catch(reject);
  });
}

/**
 * The README's global install: `pnpm pack` of the apps and the packages they need, then
 * `npm install -g --prefix` of the tarballs. Their third-party dependencies come from a local
 * registry without uplinks that holds what pnpm installed (see offlineRegistry), so the test
 * never reaches the network. The installed `agent` and `agent-run` then work from any directory.
 */
describe('the apps installed globally from packed tarballs', () => {
  let scratch: string;
  let prefix: string;
  let elsewhere: string;
  let server: FakeServer | undefined;
  let registry: LocalRegistry | undefined;
  const abort = new AbortController();
  const bin = (name: string) => path.join(prefix, 'bin', name);
  const where = () => ({ cwd: elsewhere, home: path.join(scratch, 'home') });

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-global-'));
    const apps = PACKED.filter((dir) => dir.startsWith('apps/'));
    registry = await offlineRegistry(
      path.join(scratch, 'registry'),
      apps.flatMap((dir) => runtimeNeeds(path.join(ROOT, dir))),
      abort.signal,
    );
    prefix = path.join(scratch, 'prefix');
    elsewhere = path.join(scratch, 'some-project');
    fs.mkdirSync(elsewhere);
    const tarballs = path.join(scratch, 'tarballs');
    for (const dir of PACKED) {
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
      const entry = manifest.main ?? Object.values(manifest.bin ?? {})[0];
      // Packing an unbuilt package would install a package with nothing in it.
      expect(fs.existsSync(path.join(ROOT, dir, entry))).toBe(true);
      run('pnpm', ['pack', '--pack-destination', tarballs], path.join(ROOT, dir));
    }
    const files = fs.readdirSync(tarballs).map((file) => path.join(tarballs, file));
    expect(files).toHaveLength(PACKED.length);
    run(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        ...files,
      ],
      scratch,
      280_000,
      registry.env,
    );
  }, 600_000);

  afterAll(async () => {
    abort.abort();
    await registry?.close();
    await server?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('prints the version from an unrelated directory and writes nothing there', () => {
    const version = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'apps', 'repl', 'package.json'), 'utf8'),
    ).version;
    for (const name of ['agent', 'agent-run', 'agent-acp']) {
      const result = runInstalled(bin(name), ['--version'], elsewhere);
      expect(result).toMatchObject({ code: 0, stdout: `${version}\n` });
    }
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    // The installed commands run the installed code, not this checkout's.
    const target = fs.realpathSync(bin('agent-run'));
    expect(target.startsWith(prefix) || target.startsWith(fs.realpathSync(prefix))).toBe(true);
  });

  it('runs a headless turn against the fake from an unrelated directory', async () => {
    server = await startOpenAIChatServer([{ text: 'Installed and answering.' }]);
    fs.writeFileSync(path.join(elsewhere, 'prompt.txt'), 'Say something.');
    // As from another project's npm script, which names that project's root in INIT_CWD: the
    // command still works where it was started (prompt.txt is not in the scratch folder).
    const result = await spawnInstalled(bin('agent-run'), ['prompt.txt', ...fakeArgs(server)], {
      ...where(),
      env: { INIT_CWD: scratch },
    });
    expect(result.stdout).toContain('Installed and answering.');
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(fs.readdirSync(elsewhere)).toEqual(['prompt.txt']);
  });

  it('exits 130 when SIGINT interrupts a headless turn', async () => {
    const hanging = await startOpenAIChatServer([
      { text: 'Thinking', fault: { kind: 'hang', afterEvents: 2 } },
    ]);
    try {
      fs.writeFileSync(path.join(elsewhere, 'prompt.txt'), 'Take your time.');
      const result = await spawnInstalled(
        bin('agent-run'),
        ['prompt.txt', ...fakeArgs(hanging)],
        where(),
        async (child) => {
          const until = Date.now() + 30_000;
          while (hanging.requests.length === 0 && Date.now() < until) {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          child.kill('SIGINT');
        },
      );
      expect(result.code).toBe(130);
    } finally {
      await hanging.close();
    }
  });

  it('exits 130 when SIGINT reaches the installed REPL (in a tmux terminal)', async () => {
    const socket = `global-install-${process.pid}`;
    const tmux = (...args: string[]) => run('tmux', ['-L', socket, ...args], scratch);
    const exitFile = path.join(scratch, 'repl-exit');
    const line = `cd '${elsewhere}' && env -u INIT_CWD AGENT_HOME='${path.join(scratch, 'home')}' '${bin('agent')}' --provider demo; echo $? > '${exitFile}'; sleep 30`;
    try {
      tmux('new-session', '-d', '-s', 'repl', '-x', '100', '-y', '30', line);
      const until = Date.now() + 30_000;
      while (Date.now() < until && !tmux('capture-pane', '-p', '-t', 'repl').includes('ready')) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const shell = tmux('display', '-p', '-t', 'repl', '#{pane_pid}').trim();
      const pid = Number(run('pgrep', ['-P', shell], scratch).trim().split('\n')[0]);
      process.kill(pid, 'SIGINT');
      // The shell creates the file before echo writes the code into it.
      const written = () => fs.existsSync(exitFile) && fs.readFileSync(exitFile, 'utf8').trim();
      while (Date.now() < until && !written()) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(written()).toBe('130');
    } finally {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    }
  });

  it('keeps the documented exit codes: 2 for usage errors', () => {
    for (const name of ['agent', 'agent-run', 'agent-acp']) {
      const result = runInstalled(bin(name), ['--no-such-flag'], elsewhere);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--no-such-flag/);
    }
  });
});
