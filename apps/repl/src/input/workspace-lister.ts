import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { findFiles, realWorkspaceRoot } from '@agent/tools';

const WORKER = path.join(__dirname, 'workspace-list-worker.js');

/**
 * The workspace's files for the `@` index (gitignore-aware), listed in a worker thread so the
 * crawl never blocks typing; an abort terminates the worker. The index decides when to list.
 */
export function workspaceLister(workspace: string): (signal: AbortSignal) => Promise<string[]> {
  return async (signal) => {
    const root = await realWorkspaceRoot(workspace);
    signal.throwIfAborted();
    // Run from the TypeScript sources (the in-process tests) there is no compiled worker file.
    if (!existsSync(WORKER)) return findFiles({ root, base: root, pattern: '**', signal });
    const worker = new Worker(WORKER, {
      workerData: { root },
    });
    // Never keeps the REPL alive on its own (quitting mid-listing exits at once).
    worker.unref();
    try {
      return await new Promise<string[]>((resolve, reject) => {
        const stop = () => reject(new Error('listing stopped'));
        signal.addEventListener('abort', stop, { once: true });
        worker.once('message', (reply: { paths?: string[]; error?: string }) => {
          signal.removeEventListener('abort', stop);
          if (reply.paths) resolve(reply.paths);
          else reject(new Error(reply.error ?? 'the listing failed'));
        });
        worker.once('error', (error) => {
          signal.removeEventListener('abort', stop);
          reject(error);
        });
      });
    } finally {
      void worker.terminate();
    }
  };
}
