import { parentPort, workerData } from 'node:worker_threads';
import { ToolError } from '@agent/tool-contract';
import { htmlToMarkdown, loadHtmlLibraries } from './page-markdown';

/** What the main thread sends: the page's HTML and the URL its links resolve against. */
export interface ExtractRequest {
  html: string;
  url: string;
}

/**
 * What the worker sends: `ready` once the libraries are loaded (the time budget starts), then
 * the article, or why there is none (`toolError`: a ToolError to pass on, a missing library).
 */
export type ExtractReply =
  | { ready: true }
  | { page: { title: string; markdown: string } }
  | { error: string; toolError: boolean };

// The worker's entry (compiled to page-markdown-worker.js beside extract-page.js): runs
// Readability and Turndown on one page, where the main thread can stop them.
const { html, url } = workerData as ExtractRequest;
let reply: Exclude<ExtractReply, { ready: true }>;
try {
  loadHtmlLibraries();
  parentPort!.postMessage({ ready: true } satisfies ExtractReply);
  reply = { page: htmlToMarkdown(html, url) };
} catch (error) {
  reply = { error: (error as Error).message, toolError: error instanceof ToolError };
}
parentPort!.postMessage(reply);
