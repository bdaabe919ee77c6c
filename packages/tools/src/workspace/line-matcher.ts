import type { Worker } from 'node:worker_threads';
import { ToolError } from '../tool';

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
 * Runs in the worker: matches each line of a text against the pattern. A regular expression that
 * backtracks catastrophically cannot be interrupted where it runs, so it runs here, where the tool
 * can stop it (terminate the thread) on abort or after a time limit.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const regex = new RegExp(workerData.pattern, workerData.flags);
parentPort.on('message', ({ text, room }) => {
  const lines = text.split('\\n');
  const hits = [];
  let count = 0;
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index];
    const line = raw.endsWith('\\r') ? raw.slice(0, -1) : raw;
    if (!regex.test(line)) continue;
    count++;
    if (hits.length < room) hits.push({ index, text: line });
  }
  parentPort.postMessage({ count, hits });
});
`;

/** A regular expression matched line by line on a worker thread that abort and a time limit stop. */
export class LineMatcher {
  private worker: Worker | undefined;

  constructor(
    private readonly pattern: string,
    private readonly flags: string,
    private readonly timeLimitMs: number,
  ) {}

  /** The lines of `text` that match (at most `room` of them), or a ToolError on abort or timeout. */
  match(text: string, room: number, file: string, signal: AbortSignal): Promise<FileMatches> {
    const worker = this.start();
    return new Promise<FileMatches>((resolve, reject) => {
      const settle = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('error', onFailure);
        worker.off('exit', onFailure);
      };
      const stop = (error: ToolError): void => {
        settle();
        this.close();
        reject(error);
      };
      const onMessage = (result: FileMatches): void => {
        settle();
        resolve(result);
      };
      const onFailure = (error: unknown): void =>
        stop(
          new ToolError(
            `the search failed: ${error instanceof Error ? error.message : 'the matcher stopped'}`,
          ),
        );
      const onAbort = (): void => stop(new ToolError('the search was aborted'));
      const timer = setTimeout(() => {
        const seconds = this.timeLimitMs / 1000;
        stop(
          new ToolError(
            `/${this.pattern}/ ran for over ${seconds} s on ${file} and was stopped: it likely ` +
              'backtracks catastrophically (nested quantifiers such as (a+)+); simplify the pattern',
          ),
        );
      }, this.timeLimitMs);
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      worker.on('message', onMessage);
      worker.on('error', onFailure);
      worker.on('exit', onFailure);
      worker.postMessage({ text, room });
    });
  }

  /** Stops the thread; the next `match` starts another. */
  close(): void {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) void worker.terminate();
  }

  private start(): Worker {
    if (!this.worker) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
      this.worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { pattern: this.pattern, flags: this.flags },
      });
    }
    return this.worker;
  }
}
