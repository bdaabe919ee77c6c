import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The built REPL entry point the end-to-end tests launch. */
export const REPL_MAIN = path.join(__dirname, '..', '..', 'dist', 'main.js');

/** Quotes each part for the shell line tmux runs. */
export function shellCommand(parts: readonly string[]): string {
  return parts.map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ');
}

/**
 * The shell line that starts the built REPL on `fake-model` against an OpenAI Chat Completions
 * fake (or, with `provider: 'anthropic'`, an Anthropic Messages fake) at `serverUrl`, with its
 * own AGENT_HOME and workspace; `extra` flags go last.
 */
export function replAgainstFake(options: {
  serverUrl: string;
  agentHome: string;
  workspace: string;
  provider?: 'openai-chat' | 'anthropic';
  extra?: string[];
}): string {
  const anthropic = options.provider === 'anthropic';
  return shellCommand([
    'env',
    'TERM=xterm-256color',
    anthropic ? 'ANTHROPIC_API_KEY=test-key' : 'OPENAI_API_KEY=test-key',
    `AGENT_HOME=${options.agentHome}`,
    process.execPath,
    REPL_MAIN,
    '--provider',
    anthropic ? 'anthropic' : 'openai-chat',
    '--model',
    'fake-model',
    '--base-url',
    anthropic ? options.serverUrl : `${options.serverUrl}/v1`,
    '--cwd',
    options.workspace,
    ...(options.extra ?? []),
  ]);
}

/**
 * A private tmux server (its own socket) for one test file: start sessions, type, read the
 * screen, wait for text. `kill` ends the server and every session in it.
 */
export class TmuxDriver {
  private readonly socket: string;

  constructor(name: string) {
    this.socket = `${name}-${process.pid}`;
  }

  run(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  /**
   * Starts `command` in a detached 100x30 session, kept open a minute after it exits. When the
   * last session of this socket just ended, its tmux server may still be exiting and refuse the
   * new session ("server exited unexpectedly"): then it tries again.
   */
  start(session: string, command: string, size = { cols: 100, rows: 30 }): void {
    const args = [
      'new-session',
      '-d',
      '-s',
      session,
      '-x',
      String(size.cols),
      '-y',
      String(size.rows),
      `${command}; sleep 60`,
    ];
    for (let attempt = 1; ; attempt++) {
      try {
        this.run(...args);
        return;
      } catch (error) {
        if (attempt >= 5 || !/server exited unexpectedly/.test(String(error))) throw error;
        execFileSync('sleep', ['0.2']);
      }
    }
  }

  capture(session: string): string {
    return this.run('capture-pane', '-p', '-t', session);
  }

  keys(session: string, ...names: string[]): void {
    this.run('send-keys', '-t', session, ...names);
  }

  type(session: string, text: string): void {
    this.run('send-keys', '-t', session, '-l', text);
  }

  /** Pastes `text` as a terminal does, bracketed (`\e[200~ … \e[201~`) when the app asked for it. */
  paste(session: string, text: string): void {
    this.run('set-buffer', '-b', `paste-${session}`, text);
    this.run('paste-buffer', '-p', '-d', '-b', `paste-${session}`, '-t', session);
  }

  async waitFor(session: string, needle: string, ms = 15000): Promise<string> {
    const until = Date.now() + ms;
    let screen = '';
    while (Date.now() < until) {
      screen = this.capture(session);
      if (screen.includes(needle)) return screen;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${JSON.stringify(needle)}; screen:\n${screen}`);
  }

  /** Waits until `needle` has left the screen (a menu closed); the screen then. */
  async waitGone(session: string, needle: string, ms = 15000): Promise<string> {
    const until = Date.now() + ms;
    let screen = '';
    while (Date.now() < until) {
      screen = this.capture(session);
      if (!screen.includes(needle)) return screen;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${JSON.stringify(needle)} to go; screen:\n${screen}`);
  }

  /**
   * Quits the REPL in `session` as a person does (Ctrl+C twice on the idle prompt), waits until
   * it is gone from the screen (bounded by a count), then ends the session.
   */
  async quitRepl(session: string): Promise<void> {
    this.keys(session, 'C-c');
    await this.waitFor(session, 'Ctrl+C again');
    this.keys(session, 'C-c');
    for (let i = 0; i < 100 && this.capture(session).includes('ready'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.run('kill-session', '-t', session);
  }

  kill(): void {
    try {
      this.run('kill-server');
    } catch {
      // already gone
    }
  }
}
