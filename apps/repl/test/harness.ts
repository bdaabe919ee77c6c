import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { Terminal } from '@xterm/headless';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import type { Provider } from '@agent/llm';
import type { ScriptedProviderOptions } from '@agent/llm/testing';
import { startRepl, type RunningRepl, type StartOptions } from '../src/app/start';
import type { ReplArgs } from '../src/app/args';

/**
 * Options for the kit's ScriptedProvider in REPL tests: the REPL looks providers up by id (the
 * context window, /model), so the scripted one poses as openai-chat.
 */
export const AS_OPENAI_CHAT: ScriptedProviderOptions = { id: 'openai-chat' };

/** A REPL on fake TTY streams, its screen read back through a headless xterm. */
export class Harness {
  readonly input = new PassThrough() as PassThrough & {
    isTTY: boolean;
    setRawMode(m: boolean): void;
  };
  readonly term: Terminal;
  readonly home: string;
  readonly workspace: string;
  repl!: RunningRepl;
  /** Bytes the REPL wrote to the terminal so far. */
  written = 0;
  private pending = Promise.resolve();

  constructor(
    readonly cols = 80,
    readonly rows = 24,
    /** Reuse another run's AGENT_HOME and workspace (resume tests); they are then left in place. */
    private readonly shared?: { home: string; workspace: string },
    /**
     * The terminal's width table: Unicode 11 (emoji are two cells, as in current terminals) or
     * xterm.js's default Unicode 6 (which draws later emoji in one cell, as older terminals do).
     */
    unicode: '6' | '11' = '11',
  ) {
    this.home = shared?.home ?? mkdtempSync(path.join(os.tmpdir(), 'repl-home-'));
    this.workspace = shared?.workspace ?? mkdtempSync(path.join(os.tmpdir(), 'repl-ws-'));
    this.term = new Terminal({ cols, rows, allowProposedApi: true });
    this.term.loadAddon(new Unicode11Addon());
    this.term.unicode.activeVersion = unicode;
    this.input.isTTY = true;
    this.input.setRawMode = () => undefined;
  }

  async start(
    provider: Provider | undefined,
    args: Partial<ReplArgs> = {},
    options: Pick<StartOptions, 'captureOutput'> = {},
  ): Promise<this> {
    const term = this.term;
    const output = new Writable({
      write: (chunk: Buffer, _enc, done) => {
        this.written += chunk.length;
        this.pending = this.pending.then(() => new Promise<void>((r) => term.write(chunk, r)));
        done();
      },
    }) as Writable & { isTTY: boolean; columns: number; rows: number };
    output.isTTY = true;
    output.columns = this.cols;
    output.rows = this.rows;
    this.repl = await startRepl(
      { cwd: this.workspace, continue: false, help: false, version: false, ...args },
      { input: this.input, output },
      { env: { AGENT_HOME: this.home, PATH: process.env.PATH }, provider, ...options },
    );
    return this;
  }

  /**
   * Has the terminal answer the REPL's requests as a real one does (xterm.js reports the cursor
   * position, for one), rather than staying silent. Call before `start`.
   */
  answerReports(): this {
    this.term.onData((data) => this.send(data));
    return this;
  }

  /** Raw bytes as a terminal would send them. */
  send(data: string): void {
    this.input.write(data);
  }

  async type(textToType: string): Promise<void> {
    for (const ch of textToType) {
      this.send(ch);
      await tick();
    }
  }

  /** The visible screen as text rows. */
  async screen(): Promise<string> {
    await this.pending;
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < this.rows; i++) {
      lines.push((buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '').trimEnd());
    }
    return lines.join('\n');
  }

  async waitFor(check: (screen: string) => boolean, what: string, ms = 10_000): Promise<string> {
    const until = Date.now() + ms;
    let last = '';
    while (Date.now() < until) {
      last = await this.screen();
      if (check(last)) return last;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    throw new Error(`timed out waiting for ${what}; screen:\n${last}`);
  }

  waitForText(needle: string, ms?: number): Promise<string> {
    return this.waitFor((s) => s.includes(needle), JSON.stringify(needle), ms);
  }

  async stop(options: { keep?: boolean } = {}): Promise<void> {
    await this.repl.quit(0);
    this.term.dispose();
    if (options.keep || this.shared) return;
    rmSync(this.home, { recursive: true, force: true });
    rmSync(this.workspace, { recursive: true, force: true });
  }

  /** Removes the home and workspace (after a shared run). */
  cleanup(): void {
    rmSync(this.home, { recursive: true, force: true });
    rmSync(this.workspace, { recursive: true, force: true });
  }
}

export function tick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
