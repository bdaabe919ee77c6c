import type { Worker } from 'node:worker_threads';
import { ToolError } from '@agent/tool-contract';

export interface LineHit {
  /** 0-based line index. */
  index: number;
  /** The line without its end-of-line characters. */
  text: string;
}

export interface FileMatches {
  /** How many lines matched. */
  count: number;
  /** The first matching lines, as many as were asked for. */
  hits: LineHit[];
}

/**
 * Runs in the worker. A regular expression that backtracks catastrophically cannot be interrupted
 * where it runs, so it runs here, where the tool can stop it (terminate the thread) on abort or
 * after a time limit. Before each item the worker records which one it is working on in shared
 * memory, so a stalled item can be named. Files are read here too, synchronously (the thread
 * has nothing else to do; opened without blocking or following a link, regular files under the
 * limit only). A file holding a NUL byte is binary and skipped before it is decoded; one without
 * the pattern's required text is never decoded; one the pattern cannot match anywhere (tested once
 * with the `m` flag, which never misses a line's match unless the pattern looks around) is not
 * split into lines.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const progress = new Int32Array(workerData.progress);
let compiled = { key: undefined };
function compile(pattern, flags) {
  const key = flags + '/' + pattern;
  if (compiled.key !== key) {
    const looksAround = /\\(\\?<?[=!]/.test(pattern);
    compiled = {
      key,
      line: new RegExp(pattern, flags),
      whole: looksAround ? undefined : new RegExp(pattern, flags + 'm'),
    };
  }
  return compiled;
}
function matchText(text, regex, room) {
  const hits = [];
  let count = 0;
  let index = 0;
  for (let from = 0; from <= text.length; index++) {
    let end = text.indexOf('\\n', from);
    if (end === -1) end = text.length;
    let line = text.slice(from, end);
    if (line.endsWith('\\r')) line = line.slice(0, -1);
    if (regex.test(line)) {
      count++;
      if (hits.length < room) hits.push({ index, text: line });
    }
    if (end === text.length) break;
    from = end + 1;
  }
  return { count, hits };
}
const fs = require('node:fs');
const OPEN = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW;
let scratch = Buffer.alloc(64 * 1024);
/** The file's bytes, or undefined when it is not a regular file under the limit (never waited on). */
function readSearchable(file, maxBytes) {
  let fd;
  try { fd = fs.openSync(file, OPEN); } catch { return undefined; }
  try {
    const stats = fs.fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    if (scratch.length < stats.size) scratch = Buffer.alloc(stats.size);
    let length = 0;
    while (length < stats.size) {
      const read = fs.readSync(fd, scratch, length, stats.size - length, length);
      if (read === 0) break;
      length += read;
    }
    return scratch.subarray(0, length);
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
parentPort.on('message', (request) => {
  const { line, whole } = compile(request.pattern, request.flags);
  Atomics.store(progress, 0, request.id);
  const results = [];
  let room = request.room;
  if (request.kind === 'files') {
    const literal = request.literal === undefined ? undefined : Buffer.from(request.literal, 'utf8');
    for (let i = 0; i < request.files.length; i++) {
      Atomics.store(progress, 1, i);
      const bytes = readSearchable(request.root + '/' + request.files[i], request.maxBytes);
      if (bytes === undefined || bytes.indexOf(0) !== -1) { results.push(null); continue; }
      if (literal && bytes.indexOf(literal) === -1) { results.push(0); continue; }
      const text = bytes.toString('utf8');
      if (whole && !whole.test(text)) { results.push(0); continue; }
      const found = matchText(text, line, room);
      room -= found.hits.length;
      results.push(found.count === 0 ? 0 : found);
    }
  } else {
    for (let i = 0; i < request.lines.length; i++) {
      Atomics.store(progress, 1, i);
      results.push(line.test(request.lines[i]));
    }
  }
  Atomics.store(progress, 1, -1);
  parentPort.postMessage({ id: request.id, results });
});
`;

/** One matcher's answer for a file: undefined when it was not searched (not a text file under the limit). */
export type FileResult = FileMatches | undefined;

/** What a search of files needs besides the pattern. */
export interface FileSearch {
  /** Real absolute path of the workspace root; `files` are relative to it. */
  root: string;
  files: string[];
  maxBytes: number;
  /** Text every matching line holds (see requiredLiteral). */
  literal: string | undefined;
  /** Hits kept at most. */
  room: number;
}

interface Pending {
  resolve(results: unknown[]): void;
  reject(error: Error): void;
  /** The name of each item, for the time limit's message. */
  names: string[];
}

/**
 * A worker thread that matches a regular expression line by line, kept between searches (start-up
 * costs about 90 ms of CPU) and given many files per message. Abort and the time limit on one
 * item terminate it; {@link acquireMatcher} then starts another.
 */
export class MatcherThread {
  private readonly worker: Worker;
  private readonly progress = new Int32Array(new SharedArrayBuffer(8));
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private watchdog: NodeJS.Timeout | undefined;
  private failure: Error | undefined;

  constructor() {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { progress: this.progress.buffer },
    });
    this.worker.on('message', (reply: { id: number; results: unknown[] }) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      pending?.resolve(reply.results);
      if (this.pending.size === 0) this.idle();
    });
    const fail = (error: unknown): void =>
      this.fail(
        new ToolError(
          `the search failed: ${error instanceof Error ? error.message : 'the matcher stopped'}`,
        ),
      );
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
    // After the listeners: adding a 'message' listener refs the worker's port again, so a thread
    // that never got work (its search aborted first) would keep the process alive.
    this.worker.unref();
  }

  /** Whether the thread can take work (it was not stopped). */
  get alive(): boolean {
    return this.failure === undefined;
  }

  /** Reads and matches each file, keeping `room` hits in all. */
  matchFiles(
    search: FileSearch,
    pattern: string,
    flags: string,
    limits: MatchLimits,
  ): Promise<FileResult[]> {
    const body = { kind: 'files', ...search };
    return this.send(body, search.files, pattern, flags, limits).then((results) =>
      results.map((result) =>
        result === null
          ? undefined
          : result === 0
            ? { count: 0, hits: [] }
            : (result as FileMatches),
      ),
    );
  }

  /** Whether each line matches. */
  testLines(
    lines: string[],
    names: string[],
    pattern: string,
    flags: string,
    limits: MatchLimits,
  ): Promise<boolean[]> {
    return this.send({ kind: 'lines', lines, room: 0 }, names, pattern, flags, limits) as Promise<
      boolean[]
    >;
  }

  /** Stops the thread and fails what it was doing with `error`. */
  fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    clearTimeout(this.watchdog);
    void this.worker.terminate();
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private send(
    body: Record<string, unknown>,
    names: string[],
    pattern: string,
    flags: string,
    limits: MatchLimits,
  ): Promise<unknown[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = (): void => this.fail(new ToolError('the search was aborted'));
      if (limits.signal.aborted) return reject(new ToolError('the search was aborted'));
      limits.signal.addEventListener('abort', onAbort, { once: true });
      const settle = (): void => limits.signal.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (results) => {
          settle();
          resolve(results);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
        names,
      });
      if (this.pending.size === 1) {
        this.worker.ref();
        this.watch(limits.timeLimitMs, pattern);
      }
      this.worker.postMessage({ ...body, id, pattern, flags });
    });
  }

  /** Every `timeLimitMs`, stops the thread if it is still on the item it was on last time. */
  private watch(timeLimitMs: number, pattern: string): void {
    let last = '';
    const tick = (): void => {
      const at = `${Atomics.load(this.progress, 0)}:${Atomics.load(this.progress, 1)}`;
      const pending = this.pending.get(Atomics.load(this.progress, 0));
      const item = Atomics.load(this.progress, 1);
      if (at === last && pending && item >= 0) {
        const seconds = timeLimitMs / 1000;
        this.fail(
          new ToolError(
            `/${pattern}/ ran for over ${seconds} s on ${pending.names[item]} and was stopped: it likely ` +
              'backtracks catastrophically (nested quantifiers such as (a+)+); simplify the pattern',
          ),
        );
        return;
      }
      last = at;
      this.watchdog = setTimeout(tick, timeLimitMs);
    };
    this.watchdog = setTimeout(tick, timeLimitMs);
  }

  private idle(): void {
    clearTimeout(this.watchdog);
    this.worker.unref();
  }
}

export interface MatchLimits {
  signal: AbortSignal;
  /** How long one item (a file, a line) may take before the thread is stopped. */
  timeLimitMs: number;
}

/** Threads kept between searches. */
const idleThreads: MatcherThread[] = [];

/** A matcher thread for one search: an idle one if any, else a new one. */
export function acquireMatcher(): MatcherThread {
  for (let thread = idleThreads.pop(); thread; thread = idleThreads.pop()) {
    if (thread.alive) return thread;
  }
  return new MatcherThread();
}

/** Gives a thread back after a search; at most two are kept. */
export function releaseMatcher(thread: MatcherThread): void {
  if (thread.alive && idleThreads.length < 2) idleThreads.push(thread);
  else thread.fail(new ToolError('the matcher was closed'));
}
