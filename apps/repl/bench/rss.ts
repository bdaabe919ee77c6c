// Idle resident memory of the REPL (started, agent loaded, nothing typed), against an idle
// `node` process, both under a pseudo-terminal (script(1)).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distPath, type BenchRow } from './row';

const MAIN = distPath('main.js');

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

function idleRss(command: string, env: NodeJS.ProcessEnv, waitFor?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'script',
      ['-qfec', `stty cols 100 rows 30; exec ${command}`, '/dev/null'],
      {
        env,
        stdio: ['pipe', 'pipe', 'ignore'],
        detached: true,
      },
    );
    let seen = '';
    let measured = false;
    const measure = () => {
      if (measured) return;
      measured = true;
      setTimeout(() => {
        try {
          const pid = Number(
            execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
              .trim()
              .split('\n')[0],
          );
          resolve(rssOf(pid));
        } catch (error) {
          reject(error);
        } finally {
          try {
            process.kill(-child.pid!, 'SIGTERM');
          } catch {
            // gone
          }
        }
      }, 1500);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (!waitFor || seen.includes(waitFor)) measure();
    });
    if (!waitFor) measure();
    child.on('error', reject);
  });
}

export async function main(): Promise<BenchRow[]> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'repl-bench-'));
  const env = { PATH: process.env.PATH, HOME: home, AGENT_HOME: home, TERM: 'xterm-256color' };
  const node = JSON.stringify(process.execPath);
  try {
    const base = await idleRss(`${node} -e "setTimeout(() => {}, 5000)"`, env);
    const repl = await idleRss(`${node} ${JSON.stringify(MAIN)} --provider demo`, env, 'ready');
    return [
      {
        name: 'idle RSS',
        value: `${repl.toFixed(1)} MB`,
        baseline: `idle node: ${base.toFixed(1)} MB`,
        ratio: repl / 120,
        target: 1,
      },
    ];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (require.main === module) {
  void main().then((rows) => console.table(rows));
}
