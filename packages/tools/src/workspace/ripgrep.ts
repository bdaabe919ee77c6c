import { execFile, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ToolError } from '@agent/tool-contract';
import { abortError } from './walk-files';

let available: Promise<boolean> | undefined;

/** Whether `rg` runs on this machine; asked once per process. */
export function ripgrepAvailable(): Promise<boolean> {
  available ??= new Promise((resolve) => {
    execFile('rg', ['--version'], { timeout: 5000 }, (error, stdout) =>
      resolve(!error && stdout.startsWith('ripgrep')),
    );
  });
  return available;
}

/**
 * Flags every ripgrep run starts with: hidden files listed, no user configuration, and no rule
 * file read by ripgrep itself. A workspace can plant a FIFO, a device or a link to one as a
 * `.gitignore`, which ripgrep would open and wait on; the rules arrive instead in one file the
 * caller wrote from rule files read safely (`rules`).
 */
export const BASE_FLAGS = ['--no-config', '--hidden', '--no-ignore', '--no-messages'];

export interface OutputFlow {
  pause(): void;
  resume(): void;
}

export interface RipgrepRun {
  cwd: string;
  args: string[];
  /** `.gitignore`-style rules relative to `cwd`, passed in a temporary `--ignore-file`. */
  rules?: string;
  signal?: AbortSignal;
  /** Called with each chunk of standard output; `flow` holds the output back while work piles up. */
  onData(chunk: Buffer, flow: OutputFlow): void;
}

/** The exit code (0 found, 1 nothing found, 2 an error); rejects on abort, killing the process. */
export async function runRipgrep(run: RipgrepRun): Promise<{ code: number; stderr: string }> {
  if (run.rules === undefined || run.rules.trim() === '') return spawnRipgrep(run, run.args);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-rg-'));
  try {
    const rules = path.join(folder, 'ignore');
    await fs.writeFile(rules, run.rules);
    // `--no-ignore` turns off every rule file but the one named on the command line.
    return await spawnRipgrep(run, ['--ignore-file', rules, ...run.args]);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

function spawnRipgrep(run: RipgrepRun, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(abortError());
    const child = spawn('rg', [...BASE_FLAGS, ...args], {
      cwd: run.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      run.signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    // The call ends once the killed process is gone, so nothing outlives an abort.
    const onAbort = (): void => {
      aborted = true;
      child.kill('SIGKILL');
      child.stdout.resume();
    };
    let aborted = false;
    run.signal?.addEventListener('abort', onAbort, { once: true });
    const flow: OutputFlow = {
      pause: () => child.stdout.pause(),
      resume: () => child.stdout.resume(),
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (!settled && !aborted) run.onData(chunk, flow);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) =>
      finish(() => reject(new ToolError(`ripgrep could not run: ${error.message}`))),
    );
    child.on('close', (code) =>
      finish(() => (aborted ? reject(abortError()) : resolve({ code: code ?? 2, stderr }))),
    );
  });
}

/** Splits a byte stream of UTF-8 text into records ending in `separator`. */
export function recordSplitter(
  separator: string,
  onRecord: (record: string) => void,
): (chunk: Buffer) => void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { StringDecoder } = require('node:string_decoder') as typeof import('node:string_decoder');
  const decoder = new StringDecoder('utf8');
  let rest = '';
  return (chunk) => {
    const text = rest + decoder.write(chunk);
    let from = 0;
    for (let end = text.indexOf(separator); end !== -1; end = text.indexOf(separator, from)) {
      onRecord(text.slice(from, end));
      from = end + 1;
    }
    rest = text.slice(from);
  };
}
