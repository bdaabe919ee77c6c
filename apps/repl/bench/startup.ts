// Launch to first painted prompt, against `node -e 0`, both under a pseudo-terminal (script(1));
// and the installed `agent` (the @agent/cli bundle, packed and installed with npm as a user
// would) against the checkout's REPL, in the same run.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distPath, type BenchRow } from './row';

const MAIN = distPath('main.js');
const READY = 'Type a message';

/** Runs `command` under a pseudo-terminal: ms until `until` is printed (or until it exits). */
export function underPty(command: string, env: NodeJS.ProcessEnv, until?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const sized = `stty cols 100 rows 30; ${command}`;
    const child = spawn('script', ['-qfec', sized, '/dev/null'], {
      env,
      stdio: ['pipe', 'pipe', 'ignore'],
      detached: true,
    });
    let seen = '';
    let done = false;
    const finish = (ms: number): void => {
      if (done) return;
      done = true;
      resolve(ms);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (until && seen.includes(until)) {
        finish(Number(process.hrtime.bigint() - started) / 1e6);
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    });
    child.on('exit', () => {
      if (!until) finish(Number(process.hrtime.bigint() - started) / 1e6);
      else if (!done) reject(new Error(`exited before "${until}" appeared:\n${seen.slice(-500)}`));
    });
    child.on('error', reject);
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The built @agent/cli (apps/cli/dist), packed and installed globally under `prefix`: its `agent`. */
function installCli(prefix: string): string {
  const cli = path.join(__dirname, '..', '..', '..', 'cli');
  execFileSync('npm', ['pack', '--pack-destination', prefix], { cwd: cli, stdio: 'ignore' });
  const tarball = readdirSync(prefix).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  execFileSync(
    'npm',
    ['install', '-g', '--prefer-offline', '--prefix', prefix, path.join(prefix, tarball)],
    { stdio: 'ignore' },
  );
  return path.join(prefix, 'bin', 'agent');
}

export async function main(runs = 7): Promise<BenchRow[]> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'repl-bench-'));
  const env = { PATH: process.env.PATH, HOME: home, AGENT_HOME: home, TERM: 'xterm-256color' };
  const node = JSON.stringify(process.execPath);
  const baseline: number[] = [];
  const repl: number[] = [];
  const installed: number[] = [];
  try {
    const agent = installCli(mkdtempSync(path.join(os.tmpdir(), 'repl-bench-install-')));
    const prefix = path.dirname(path.dirname(agent));
    try {
      for (let i = 0; i < runs; i++) {
        baseline.push(await underPty(`${node} -e 0`, env));
        repl.push(await underPty(`${node} ${JSON.stringify(MAIN)} --provider demo`, env, READY));
        installed.push(
          await underPty(`${node} ${JSON.stringify(agent)} --provider demo`, env, READY),
        );
      }
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const base = median(baseline);
  const first = median(repl);
  const install = median(installed);
  const load = os.loadavg()[0]!.toFixed(2);
  return [
    {
      name: 'launch to first painted prompt',
      value: `${first.toFixed(0)} ms`,
      baseline: `node -e 0: ${base.toFixed(0)} ms`,
      ratio: first / base,
      target: 4,
    },
    {
      name: 'installed agent (npm pack, npm install -g) to first painted prompt',
      value: `${install.toFixed(0)} ms`,
      baseline: `checkout REPL: ${first.toFixed(0)} ms (load ${load})`,
      ratio: install / first,
      target: 1,
    },
  ];
}

if (require.main === module) {
  void main().then((rows) => console.table(rows));
}
