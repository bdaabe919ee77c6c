import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Worker, WorkerOptions } from 'node:worker_threads';
import { ToolError } from '@agent/tool-contract';
import type { PageText } from './page-markdown';
import type { ExtractReply, ExtractRequest } from './page-markdown-worker';
import { htmlToPlainText } from './page-text';

/** Budgets of the article extraction (Readability and Turndown) of one page. */
export interface ExtractLimits {
  /** Characters of HTML given to Readability at most; a longer page gets the plain-text path. */
  maxExtractChars: number;
  /** Time the extraction may take (from when the worker has loaded its libraries) before plain text is used. */
  extractTimeoutMs: number;
}

/** The page's text, and a note for the result when it is the plain-text fallback ('' if not). */
export interface ExtractedPage extends PageText {
  note: string;
}

/**
 * The worker's entry, `page-markdown-worker.js`: compiled beside this file in the package
 * (`@agent/tools/dist/web/`). An app bundled from the sources (this code then runs from the
 * app's bundle) finds it in the installed @agent/tools package, as it finds the HTML libraries
 * the entry requires. Run from the TypeScript sources (ts-jest) there is no `.js` file: the `.ts`
 * one is transpiled as it loads.
 */
const ENTRY = 'page-markdown-worker';

/** Registers a `.ts` loader (TypeScript's transpileModule) in the worker, then runs the entry. */
const SOURCE_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const ts = require(require.resolve('typescript', { paths: [workerData.entry] }));
require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  module._compile(outputText, filename);
};
require(workerData.entry);
`;

/** Time a worker may take to load the HTML libraries (a busy machine, a slow disk). */
const START_TIMEOUT_MS = 60_000;

/** Extraction workers alive now (0 once every call has ended): for tests and diagnostics. */
let running = 0;
export function runningExtractions(): number {
  return running;
}

/**
 * The main text of an HTML page as Markdown, extracted off the event loop: Readability and
 * Turndown run in a worker thread that is terminated when `limits.extractTimeoutMs` passes or
 * `signal` aborts (the call then rejects with a ToolError at once, nothing left running). A page
 * over `limits.maxExtractChars`, an extraction that runs out of time or memory, or a worker that
 * cannot start gets the linear plain-text extraction instead, and `note` says why. A missing
 * HTML library is a ToolError naming what to install.
 */
export async function extractPage(
  html: string,
  url: string,
  signal: AbortSignal,
  limits: ExtractLimits,
): Promise<ExtractedPage> {
  if (signal.aborted) throw new ToolError('The fetch was interrupted.');
  if (html.length > limits.maxExtractChars) {
    return fallback(
      html,
      `the page is too large to pick its article out (${html.length} characters of HTML, more than ${limits.maxExtractChars})`,
    );
  }
  let worker: Worker;
  try {
    worker = startWorker({ html, url });
  } catch (error) {
    return fallback(html, `the article extraction could not start (${(error as Error).message})`);
  }
  running++;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    const outcome = await new Promise<
      Exclude<ExtractReply, { ready: true }> | 'timeout' | 'no start' | 'aborted'
    >((resolve) => {
      timer = setTimeout(() => resolve('no start'), START_TIMEOUT_MS);
      onAbort = () => resolve('aborted');
      signal.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (reply: ExtractReply) => {
        if (!('ready' in reply)) return resolve(reply);
        clearTimeout(timer);
        timer = setTimeout(() => resolve('timeout'), limits.extractTimeoutMs);
      });
      worker.once('error', (error) => resolve({ error: error.message, toolError: false }));
      worker.once('exit', (code) =>
        resolve({ error: `the worker stopped with code ${code}`, toolError: false }),
      );
    });
    if (outcome === 'aborted') throw new ToolError('The fetch was interrupted.');
    if (outcome === 'no start') {
      return fallback(
        html,
        `the article extraction did not start within ${START_TIMEOUT_MS / 1000} s`,
      );
    }
    if (outcome === 'timeout') {
      return fallback(
        html,
        `the article could not be picked out within ${limits.extractTimeoutMs / 1000} s`,
      );
    }
    if ('page' in outcome) return { ...outcome.page, note: '' };
    if (outcome.toolError) throw new ToolError(outcome.error);
    return fallback(html, `the article extraction failed (${outcome.error})`);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
    await worker.terminate();
    running--;
  }
}

function fallback(html: string, why: string): ExtractedPage {
  return { ...htmlToPlainText(html), note: `${why}: this is the page's plain text` };
}

function startWorker(request: ExtractRequest): Worker {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  const options: WorkerOptions = {
    // The worker's console is not the app's output (headless prints its answer on stdout).
    stdout: true,
    stderr: true,
    // A page that makes the DOM huge ends the worker, not the agent.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  };
  const entry = workerEntry();
  const worker = entry.endsWith('.ts')
    ? new Worker(SOURCE_BOOTSTRAP, { ...options, eval: true, workerData: { ...request, entry } })
    : new Worker(entry, { ...options, workerData: request });
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}

/** The worker's entry file (see {@link ENTRY}); throws naming the file when there is none. */
function workerEntry(): string {
  const beside = path.join(__dirname, `${ENTRY}.js`);
  if (existsSync(beside)) return beside;
  const source = path.join(__dirname, `${ENTRY}.ts`);
  if (existsSync(source)) return source;
  let inPackage: string | undefined;
  try {
    const manifest = require.resolve('@agent/tools/package.json');
    inPackage = path.join(path.dirname(manifest), 'dist', 'web', `${ENTRY}.js`);
  } catch {
    // not installed beside the bundle
  }
  if (inPackage !== undefined && existsSync(inPackage)) return inPackage;
  throw new Error(`${inPackage ?? beside} is missing`);
}
