import { ToolError } from '@agent/tool-contract';
import { isMissingPackage } from '../missing-package';

/** A page's main text as Markdown. */
export interface PageText {
  title: string;
  markdown: string;
}

/**
 * The main text of an HTML page as Markdown: Mozilla's Readability picks the article out of the
 * page (navigation, ads and footers dropped) on a linkedom DOM, and Turndown writes it as
 * Markdown. A page Readability finds no article in is converted whole, scripts and styles
 * removed. The libraries load on the first call (the input is bounded by the fetch's size limit).
 */
export function htmlToMarkdown(html: string, url: string): PageText {
  const { parseHTML, Readability, TurndownService } = htmlLibraries();
  const { document } = parseHTML(html);
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  turndown.remove(['script', 'style', 'noscript', 'iframe', 'form']);
  const title = (document.title ?? '').trim();
  // Readability changes the document it reads: give it a copy (the fallback needs the page).
  const copy = parseHTML(html).document;
  setBase(copy, url);
  const article = new Readability(
    copy as unknown as ConstructorParameters<typeof Readability>[0],
  ).parse();
  if (article?.content) {
    return {
      title: article.title?.trim() || title,
      markdown: tidy(turndown.turndown(article.content)),
    };
  }
  const body = document.body?.innerHTML ?? html;
  return { title, markdown: tidy(turndown.turndown(body)) };
}

/** Loads the three libraries now (a worker does before its time budget starts); throws as {@link htmlToMarkdown}. */
export function loadHtmlLibraries(): void {
  htmlLibraries();
}

/** Optional peer dependencies of @agent/tools: only web_fetch needs them. */
const WEB_PACKAGES = ['linkedom', '@mozilla/readability', 'turndown'] as const;

/** The three libraries, loaded on first use; a clear error where Node cannot load them. */
function htmlLibraries() {
  try {
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, not at start */
    const { parseHTML } = require('linkedom') as typeof import('linkedom', {
      with: { 'resolution-mode': 'import' },
    });
    const { Readability } =
      require('@mozilla/readability') as typeof import('@mozilla/readability');
    const TurndownService = require('turndown') as typeof import('turndown');
    /* eslint-enable @typescript-eslint/no-require-imports */
    return { parseHTML, Readability, TurndownService };
  } catch (error) {
    const missing = WEB_PACKAGES.find((name) => isMissingPackage(error, name));
    if (missing !== undefined) {
      throw new ToolError(
        `web_fetch needs the package "${missing}", which is not installed: npm install ${WEB_PACKAGES.join(' ')}`,
      );
    }
    // linkedom's dependencies are ES modules: require() loads them from Node 20.19 and 22.12 on.
    throw new ToolError(
      `web_fetch cannot read HTML on Node ${process.versions.node} (${(error as Error).message}); it needs Node 20.19 or newer.`,
    );
  }
}

/** Relative links in the article resolve against the page's URL. */
function setBase(document: { baseURI?: string; documentURI?: string }, url: string): void {
  try {
    Object.defineProperty(document, 'baseURI', { value: url, configurable: true });
    Object.defineProperty(document, 'documentURI', { value: url, configurable: true });
  } catch {
    // linkedom's document keeps its own; links then stay as written
  }
}

function tidy(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').trim();
}
