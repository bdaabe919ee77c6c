import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const APP_DIR = path.resolve(__dirname, '../..');
/** The shipped artifact: the `agent-run` bin, which loads the esbuild bundle of src/main.ts. */
export const MAIN = path.join(APP_DIR, 'dist', 'agent-run.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliRun {
  child: ChildProcess;
  /** Resolves when stdout has received `text`. */
  waitForStdout(text: string): Promise<void>;
  /** Resolves when stderr has received `text`. */
  waitForStderr(text: string): Promise<void>;
  done: Promise<CliResult>;
}

/** A temporary workspace and agent home, removed by `cleanup`. */
export interface Sandbox {
  workspace: string;
  agentHome: string;
  write(relative: string, content: string): string;
  read(relative: string): string;
  exists(relative: string): boolean;
  sessionFiles(): string[];
  cleanup(): void;
}

export function createSandbox(): Sandbox {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'headless-e2e-')));
  const workspace = path.join(root, 'workspace');
  const agentHome = path.join(root, 'agent-home');
  fs.mkdirSync(workspace);
  return {
    workspace,
    agentHome,
    write(relative, content) {
      const file = path.join(workspace, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      return file;
    },
    read: (relative) => fs.readFileSync(path.join(workspace, relative), 'utf8'),
    exists: (relative) => fs.existsSync(path.join(workspace, relative)),
    sessionFiles() {
      const dir = path.join(agentHome, 'sessions');
      return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : [];
    },
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/** The environment of a run: nothing inherited that could pick a provider or a home. */
export function cliEnv(sandbox: Sandbox, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  return { ...env, AGENT_HOME: sandbox.agentHome, AGENT_LAUNCH_DIR: sandbox.workspace, ...extra };
}

/**
 * Starts `node dist/agent-run.js args` in the app folder, as `pnpm start` does; `detached` puts
 * it in a process group of its own (its id is the child's pid), as a shell's job is.
 */
export function startCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string,
  options: { detached?: boolean } = {},
): CliRun {
  if (!fs.existsSync(MAIN)) {
    throw new Error(`${MAIN} is missing: build first (pnpm turbo run build --filter=headless...)`);
  }
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: APP_DIR,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  const stdout = watched(child.stdout!);
  const stderr = watched(child.stderr!);
  child.stdin!.end(input ?? '');
  const done = new Promise<CliResult>((resolve) => {
    child.on('close', (code, signal) =>
      resolve({ code, signal, stdout: stdout.text(), stderr: stderr.text() }),
    );
  });
  return { child, done, waitForStdout: stdout.waitFor, waitForStderr: stderr.waitFor };
}

/** A stream's text so far, and a wait for a text to arrive on it. */
function watched(stream: NodeJS.ReadableStream): {
  text(): string;
  waitFor(text: string): Promise<void>;
} {
  let received = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  stream.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
    for (const waiter of waiters.splice(0)) {
      if (received.includes(waiter.text)) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  return {
    text: () => received,
    waitFor: (text) =>
      received.includes(text)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ text, resolve })),
  };
}

export function runCli(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<CliResult> {
  return startCli(args, env, input).done;
}

/** Every event of a session file, parsed. */
export function sessionEvents(file: string): Array<Record<string, any>> {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}
