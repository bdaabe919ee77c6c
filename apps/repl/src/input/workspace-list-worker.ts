import { parentPort, workerData } from 'node:worker_threads';
import { findFiles } from '@agent/tools';

/**
 * Lists the workspace for the `@` index off the REPL's main thread (see workspaceLister): a big
 * tree's crawl and `.gitignore` matching never hold up a keystroke. Posts the paths, or an error.
 */
const { root } = workerData as { root: string };
findFiles({ root, base: root, pattern: '**' }).then(
  (paths) => parentPort!.postMessage({ paths }),
  (error: Error) => parentPort!.postMessage({ error: error.message }),
);
