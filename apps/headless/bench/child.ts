// What the headless benchmarks share: timing a child process without blocking the fake server
// that runs in the bench's own process, and reading back its peak memory.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The preload (bench/max-rss.ts) that writes a process's peak RSS when it exits. */
const MAX_RSS = path.join(__dirname, 'max-rss.js');
/**
 * GNU time reads the peak from the kernel once the process is gone, teardown included (which
 * adds 10-20 MB to what the process itself sees at its 'exit' event): used where installed.
 */
const GNU_TIME = '/usr/bin/time';
const TIME_FORMAT = 'bench-max-rss-kb=%M';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface ChildRun {
  ms: number;
  /** Peak resident set size in MB (when measured). */
  rssMb?: number;
}

/**
 * Runs `node args` to completion in `cwd`; `measureRss` also reads its peak memory (from GNU
 * time where installed, else from the process itself as it exits).
 */
export function timeChild(
  node: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; measureRss?: boolean },
): Promise<ChildRun> {
  const rssFile = path.join(os.tmpdir(), `bench-rss-${process.pid}-${Date.now()}`);
  const gnuTime = options.measureRss === true && existsSync(GNU_TIME);
  let command = node;
  let argv = args;
  let env = options.env;
  if (gnuTime) {
    command = GNU_TIME;
    argv = ['-f', TIME_FORMAT, node, ...args];
  } else if (options.measureRss) {
    argv = ['--require', MAX_RSS, ...args];
    env = { ...options.env, BENCH_MAX_RSS_FILE: rssFile };
  }
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, argv, {
      env,
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (code !== 0) {
        reject(new Error(`${node} ${args.join(' ')} exited ${code}: ${stderr}`));
        return;
      }
      if (!options.measureRss) return resolve({ ms });
      let kb: number;
      if (gnuTime) {
        kb = Number(/bench-max-rss-kb=(\d+)/.exec(stderr)?.[1] ?? NaN);
      } else {
        kb = Number(readFileSync(rssFile, 'utf8'));
        rmSync(rssFile, { force: true });
      }
      resolve({ ms, rssMb: kb / 1024 });
    });
  });
}

/** Node 24 as .ci/run installs it, in .cache/node24 of the checkout. */
const NODE24 = path.resolve(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  '.cache',
  'node24',
  'node_modules',
  '.bin',
  'node',
);

/** Every Node to measure on: this one, and Node 24 from .cache/node24 when present. */
export function nodes(): string[] {
  const found = [process.execPath];
  if (existsSync(NODE24) && realpathSync(NODE24) !== realpathSync(process.execPath)) {
    found.push(NODE24);
  }
  return found;
}
