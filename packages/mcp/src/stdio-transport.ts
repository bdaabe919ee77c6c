import { spawn, type ChildProcess } from 'node:child_process';
import type { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MAX_MESSAGE_BYTES, tooLargeReason } from './message-limit';
import { sdkStdio } from './sdk';

export interface StdioProcessOptions {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Time between SIGTERM and SIGKILL (default 1 s); closing stdin waits at most 250 ms of it. */
  killGraceMs?: number;
  /**
   * The server wrote a line longer than MAX_MESSAGE_BYTES: what it wrote from then on is
   * discarded, and the connection must be closed (the stream is out of step).
   */
  onTooLarge?: (reason: string) => void;
}

/**
 * How long a server may take to exit once its stdin is closed. One that exits on end of input
 * does so at once; one that does not is sent SIGTERM after this, not after the whole grace.
 */
const END_OF_INPUT_GRACE_MS = 250;

/** Characters kept of the start and of the end of a server's stderr, to explain a failure. */
const STDERR_KEEP = 4096;

/** Every server process of this process not yet ended: killed synchronously if the process exits. */
const running = new Set<ProcessGroupStdioTransport>();
let exitHookInstalled = false;

function killOnExit(transport: ProcessGroupStdioTransport): void {
  running.add(transport);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const left of running) left.killNow();
  });
}

/**
 * The MCP stdio transport, with the server in its own process group: closing ends stdin, then
 * signals the whole group (SIGTERM, then SIGKILL), so launchers such as `npx` or `sh -c` leave
 * no orphan behind. The SDK's own transport signals only the direct child.
 */
export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  /** Made with the first output, so that spawning the server does not wait for the SDK to load. */
  private buffer: ReadBuffer | undefined;
  private overflowed = false;
  private stderrHead = '';
  private stderrTail = '';
  private stderrDropped = false;
  private exited = false;
  private signalled = false;
  /** How the server process ended unless signalled by us (`exit status 0`, `signal SIGSEGV`). */
  exitStatus: string | undefined;
  private closed = false;

  constructor(private readonly options: StdioProcessOptions) {}

  /** The server's process id (and process group id) once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The first and the last few KB the server wrote to stderr (`…` where some was dropped). */
  get stderr(): string {
    if (!this.stderrTail) return this.stderrHead;
    return `${this.stderrHead}${this.stderrDropped ? '\n…\n' : ''}${this.stderrTail}`;
  }

  private keepStderr(text: string): void {
    const room = STDERR_KEEP - this.stderrHead.length;
    if (room > 0) {
      this.stderrHead += text.slice(0, room);
      text = text.slice(room);
    }
    if (!text) return;
    const tail = this.stderrTail + text;
    if (tail.length > STDERR_KEEP) this.stderrDropped = true;
    this.stderrTail = tail.slice(-STDERR_KEEP);
  }

  private started: Promise<void> | undefined;

  /** Spawns the server (once: the SDK's client calls it again after an early start). */
  start(): Promise<void> {
    this.started ??= this.spawn();
    return this.started;
  }

  private spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.options.command, this.options.args, {
        cwd: this.options.cwd,
        env: this.options.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        windowsHide: true,
      });
      this.child = child;
      killOnExit(this);
      child.once('error', (error) => {
        this.exited = true;
        reject(new Error(`cannot start "${this.options.command}": ${error.message}`));
        this.finish();
      });
      child.once('spawn', () => resolve());
      child.once('exit', (code, signal) => {
        this.exited = true;
        if (!this.signalled) this.exitStatus = signal ? `signal ${signal}` : `exit status ${code}`;
      });
      child.once('close', () => this.finish());
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
      child.stderr?.on('data', (chunk: Buffer) => {
        this.keepStderr(chunk.toString('utf8'));
      });
    });
  }

  private receive(chunk: Buffer): void {
    if (this.overflowed) return;
    this.buffer ??= new (sdkStdio().ReadBuffer)({ maxBufferSize: MAX_MESSAGE_BYTES });
    try {
      this.buffer.append(chunk);
    } catch {
      // The SDK's ReadBuffer refuses a line past its limit (and cleared itself).
      this.overflowed = true;
      this.options.onTooLarge?.(tooLargeReason('a line'));
      return;
    }
    this.drain();
  }

  private drain(): void {
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer!.readMessage();
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.exited || stdin.destroyed) {
        reject(new Error('the server process is not running'));
        return;
      }
      // Settles when the pipe took the message or failed: a server that exited meanwhile makes
      // the write fail (EPIPE), where waiting for 'drain' would wait forever.
      stdin.write(sdkStdio().serializeMessage(message), (error) =>
        error ? reject(error) : resolve(),
      );
    });
  }

  /**
   * Ends stdin, then signals the process group until it is gone (SIGTERM, then SIGKILL, on
   * timers). Resolves once it exited, unless `wait` is false: then it resolves at once and the
   * ending goes on in the background without holding the process open (what is still running
   * when the process exits is killed then, see `running`).
   */
  close(options: { wait?: boolean } = {}): Promise<void> {
    this.ending ??= this.end();
    if (options.wait === false) {
      this.letGo();
      return Promise.resolve();
    }
    return this.ending;
  }

  private ending: Promise<void> | undefined;

  private async end(): Promise<void> {
    const child = this.child;
    if (child && !this.exited) {
      const grace = this.options.killGraceMs ?? 1000;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin?.end();
      const within = (ms: number): Promise<boolean> => this.settlesWithin(gone, ms);
      if (!(await within(Math.min(grace, END_OF_INPUT_GRACE_MS)))) {
        this.signalled = true;
        killGroup(child.pid, 'SIGTERM');
        if (!(await within(grace))) {
          killGroup(child.pid, 'SIGKILL');
          await within(grace);
        }
      }
    }
    // Whatever the launcher left behind in its group goes too (a group id is never reused
    // while the group has members, so this cannot reach another program).
    if (child) {
      killGroup(child.pid, 'SIGKILL');
      await this.groupGone(child.pid, this.options.killGraceMs ?? 1000);
    }
    running.delete(this);
    this.finish();
  }

  /** The child, its pipes and the ending's timers no longer keep the process alive. */
  private letGo(): void {
    this.background = true;
    for (const timer of this.timers) timer.unref();
    this.child?.unref();
    for (const stream of [this.child?.stdout, this.child?.stderr]) {
      (stream as { unref?: () => void } | null | undefined)?.unref?.();
    }
  }

  private background = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  /** A timer of the ending, unref'd once the ending runs in the background. */
  private timer(ms: number, done: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      done();
    }, ms);
    if (this.background) timer.unref();
    this.timers.add(timer);
    return timer;
  }

  /** Waits (bounded) until no process of the group is left to signal. */
  private async groupGone(pid: number | undefined, ms: number): Promise<void> {
    if (pid === undefined) return;
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      try {
        process.kill(-pid, 0);
      } catch {
        return;
      }
      await new Promise<void>((resolve) => this.timer(10, resolve));
    }
  }

  private async settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = this.timer(ms, () => resolve(false));
    });
    try {
      return await Promise.race([promise.then(() => true), timeout]);
    } finally {
      clearTimeout(timer);
      if (timer) this.timers.delete(timer);
    }
  }

  /** Synchronous last resort for process exit: kills the whole group at once. */
  killNow(): void {
    this.signalled = true;
    if (this.child) killGroup(this.child.pid, 'SIGKILL');
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffer?.clear();
    this.onclose?.();
  }
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
