import { ToolError } from '@agent/tool-contract';
import type { ExtractLimits } from './extract-page';
import { decodeBody } from './page-charset';

/** Limits of one web_fetch call (the fetch, then the article's extraction); the defaults are what the model gets. */
export interface FetchLimits extends ExtractLimits {
  /** Bytes of body read at most; the rest is never downloaded. */
  maxBytes: number;
  /** Time for the whole fetch, redirects and body included. */
  timeoutMs: number;
  /** Redirects on the same host followed at most (one to another host is never followed). */
  maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 30_000,
  maxRedirects: 5,
  maxExtractChars: 1024 * 1024,
  extractTimeoutMs: 10_000,
};

/** A fetched text page, or a redirect to another host that was not followed. */
export interface FetchedPage {
  /** Where the page came from after redirects (without credentials). */
  url: string;
  status: number;
  contentType: string;
  /** HTML (by its content type, or by how it starts when it has none). */
  html: boolean;
  text: string;
  /** The body was longer than `maxBytes`: `text` is its beginning. */
  truncated: boolean;
  /** What the result should say about the text's encoding ('' for plain UTF-8). */
  charsetNote: string;
  /**
   * Set when `url` redirects to another host (or port): the target, not fetched, for the model
   * to ask for with its own call (and so its own approval). `text` is then ''.
   */
  offHostRedirect?: string;
}

/** Content types read as text; anything else is refused as binary. */
const TEXTUAL =
  /^(text\/|application\/(xhtml\+xml|xml|json|ld\+json|rss\+xml|atom\+xml|javascript))/i;

/**
 * The http(s) URL `raw` names, credentials removed: a `user:pass@` part is dropped, never sent.
 * Throws a ToolError the model can act on for anything else.
 */
export function fetchableUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new ToolError(`Not a URL: ${raw}. Give a full http:// or https:// address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolError(`Only http and https URLs can be fetched, not ${url.protocol}`);
  }
  url.username = '';
  url.password = '';
  url.hash = '';
  return url;
}

/**
 * GETs `start` with Node's fetch: redirects on the same host (hostname and port, so an http to
 * https upgrade too) followed by hand (each hop checked and stripped of credentials, at most
 * `maxRedirects`); a redirect to another host is returned as `offHostRedirect`, not followed,
 * since the person approved `start`'s host only. No cookies or authorization are sent, the body
 * is read up to `maxBytes` and decoded by its declared charset ({@link decodeBody}), everything
 * within `timeoutMs` and stopped at once when `signal` aborts.
 */
export async function fetchPage(
  start: URL,
  signal: AbortSignal,
  limits: FetchLimits = DEFAULT_FETCH_LIMITS,
): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const both = AbortSignal.any([signal, timeout]);
  try {
    let url = start;
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, {
        redirect: 'manual',
        signal: both,
        credentials: 'omit',
        headers: {
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
          'user-agent': 'agent-web-fetch/0.1',
        },
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (hop >= limits.maxRedirects) {
          throw new ToolError(
            `Too many redirects (more than ${limits.maxRedirects}) from ${start}`,
          );
        }
        const next = fetchableUrl(location, url);
        if (next.host !== start.host) {
          return {
            url: url.toString(),
            status: response.status,
            contentType: '',
            html: false,
            text: '',
            truncated: false,
            charsetNote: '',
            offHostRedirect: next.toString(),
          };
        }
        url = next;
        continue;
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (contentType !== '' && !TEXTUAL.test(contentType)) {
        await response.body?.cancel();
        throw new ToolError(
          `${url} is ${contentType.split(';')[0]}, not a text page: web_fetch reads HTML and text only.`,
        );
      }
      const { bytes, truncated } = await readBounded(response, limits.maxBytes);
      if (contentType === '' && bytes.includes(0)) {
        throw new ToolError(`${url} looks binary (no content type, NUL bytes): not fetched.`);
      }
      const html = /html|xml/i.test(contentType) || startsAsHtml(bytes);
      const { text, note } = decodeBody(bytes, contentType, html);
      return {
        url: url.toString(),
        status: response.status,
        contentType,
        html,
        text,
        truncated,
        charsetNote: note,
      };
    }
  } catch (error) {
    if (error instanceof ToolError) throw error;
    if (signal.aborted) throw new ToolError('The fetch was interrupted.');
    if (timeout.aborted) {
      throw new ToolError(`${start} did not answer within ${limits.timeoutMs / 1000} s.`);
    }
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new ToolError(`Could not fetch ${start}: ${cause ?? (error as Error).message}`);
  }
}

/** The body's first `maxBytes` bytes; the rest is not downloaded. */
async function readBounded(
  response: Response,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(), truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      size += room;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, truncated };
}

/** Whether the body begins like an HTML document (read as ASCII, which every charset extends). */
function startsAsHtml(bytes: Uint8Array): boolean {
  const start = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512));
  return /^(\xef\xbb\xbf)?\s*<(!doctype html|html)/i.test(start.toString('latin1'));
}
