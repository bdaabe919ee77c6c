// Launch to first painted prompt, against `node -e 0`, both under a pseudo-terminal (script(1)).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

export async function main(runs = 7): Promise<BenchRow[]> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'repl-bench-'));
  const env = { PATH: process.env.PATH, HOME: home, AGENT_HOME: home, TERM: 'xterm-256color' };
  const node = JSON.stringify(process.execPath);
  const baseline: number[] = [];
  const repl: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      baseline.push(await underPty(`${node} -e 0`, env));
      repl.push(await underPty(`${node} ${JSON.stringify(MAIN)} --provider demo`, env, READY));
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const base = median(baseline);
  const first = median(repl);
  return [
    {
      name: 'launch to first painted prompt',
      value: `${first.toFixed(0)} ms`,
      baseline: `node -e 0: ${base.toFixed(0)} ms`,
      ratio: first / base,
      target: 4,
    },
  ];
}

if (require.main === module) {
  void main().then((rows) => console.table(rows));
}
