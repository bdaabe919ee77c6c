import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FakeServer } from '@agent/testkit';

/** The installed `agent` bin, which loads the bundle. */
export const AGENT = path.resolve(__dirname, '..', '..', 'dist', 'agent.js');

/** A temporary agent home and workspace for one run. */
export interface ServeBed {
  home: string;
  workspace: string;
  sessionFiles(): string[];
  cleanup(): void;
}

export function serveBed(): ServeBed {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-serve-')));
  const home = path.join(root, 'home');
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(home);
  fs.mkdirSync(workspace);
  return {
    home,
    workspace,
    sessionFiles() {
      const dir = path.join(home, 'sessions');
      return fs.existsSync(dir)
        ? fs.readdirSync(dir).filter((name) => name.endsWith('.jsonl'))
        : [];
    },
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/** The flags that point the agent at an OpenAI fake. */
export function fakeFlags(server: FakeServer): string[] {
  return ['--provider', 'openai-chat', '--model', 'fake-model', '--base-url', `${server.url}/v1`];
}

/** A running `agent serve`. */
export interface ServedAgent {
  child: ChildProcess;
  /** The first stdout line: the page's URL with its token. */
  url: Promise<string>;
  /** Everything on stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) and both outputs. */
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** Starts the bundle's `agent serve ARGS` with only PATH, HOME and what `env` adds. */
export function startServe(
  args: string[],
  bed: Pick<ServeBed, 'home' | 'workspace'>,
  env: NodeJS.ProcessEnv = {},
): ServedAgent {
  const child = spawn(process.execPath, [AGENT, 'serve', ...args], {
    cwd: bed.workspace,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, AGENT_HOME: bed.home, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
  const url = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    void exited.then(({ code }) =>
      reject(new Error(`agent serve exited (${code}) before its URL: ${stderr}`)),
    );
  });
  // A run that ends without a URL (a usage error) rejects only for a test that waits for one.
  url.catch(() => undefined);
  return { child, url, stderr: () => stderr, exited };
}

/** The page's origin and token, from the printed URL. */
export function pageOf(url: string): { origin: string; token: string } {
  const parsed = new URL(url);
  return { origin: parsed.origin, token: parsed.searchParams.get('token')! };
}

/**
 * Resolves once `file` exists (written whole: the writer renames it into place); aborting
 * `signal` rejects.
 */
export function fileWritten(file: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const watcher = fs.watch(path.dirname(file), { signal });
    const check = (): boolean => {
      if (!fs.existsSync(file)) return false;
      watcher.close();
      resolve(fs.readFileSync(file, 'utf8'));
      return true;
    };
    watcher.on('change', check);
    watcher.on('error', reject);
    check();
  });
}
