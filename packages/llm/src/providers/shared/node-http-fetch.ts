import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const MAX_REDIRECTS = 20;
/** Headers a redirect to another origin must not carry (as the Fetch standard drops them). */
const CROSS_ORIGIN_DROPPED = ['authorization', 'proxy-authorization', 'cookie', 'host'];

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/**
 * `fetch` for the provider SDKs, over node:http(s). Node 20's global fetch (undici) compiles a
 * WebAssembly HTTP parser on its first request, 60-100 ms of every short headless run. Requests
 * this does not handle itself (a Request object, a streamed, form or blob body, a scheme other
 * than http(s)) go to the global fetch, so behaviour never narrows.
 */
export const nodeHttpFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? safeUrl(input) : input instanceof URL ? input : undefined;
  const body = bufferBody(init?.body);
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    body === NOT_BUFFERABLE ||
    init?.redirect === 'manual'
  ) {
    return fetch(input, init);
  }
  const signal = init?.signal ?? undefined;
  if (signal?.aborted) throw abortReason(signal);
  let hop: Hop = {
    url,
    method: (init?.method ?? 'GET').toUpperCase(),
    headers: headerRecord(init?.headers),
    body,
  };
  for (let redirects = 0; ; redirects++) {
    const response = await send(hop, signal);
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || location === undefined) {
      return toResponse(response, hop, signal, redirects > 0);
    }
    response.resume();
    if (init?.redirect === 'error') throw new TypeError(`fetch failed: redirected to ${location}`);
    if (redirects === MAX_REDIRECTS) throw new TypeError('fetch failed: too many redirects');
    hop = redirectHop(hop, response.statusCode!, new URL(location, hop.url));
  }
};

const NOT_BUFFERABLE = Symbol('not bufferable');

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function bufferBody(body: unknown): Buffer | undefined | typeof NOT_BUFFERABLE {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return NOT_BUFFERABLE;
}

function headerRecord(headers: ConstructorParameters<typeof Headers>[0]): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers) new Headers(headers).forEach((value, name) => (record[name] = value));
  return record;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** The next request after a redirect, changed as the Fetch standard says. */
function redirectHop(previous: Hop, status: number, url: URL): Hop {
  const headers = { ...previous.headers };
  let { method, body } = previous;
  if (
    (status === 303 && method !== 'HEAD') ||
    ((status === 301 || status === 302) && method === 'POST')
  ) {
    method = 'GET';
    body = undefined;
    for (const name of Object.keys(headers)) {
      if (name.startsWith('content-')) delete headers[name];
    }
  }
  if (url.origin !== previous.url.origin) {
    for (const name of CROSS_ORIGIN_DROPPED) delete headers[name];
  }
  return { url, method, headers, body };
}

/** One HTTP exchange, resolved when the response head arrives. Network errors look like fetch's. */
function send(hop: Hop, signal: AbortSignal | undefined): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const transport: typeof http =
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      hop.url.protocol === 'https:' ? (require('node:https') as typeof http) : http;
    const headers: OutgoingHttpHeaders = { ...hop.headers };
    if (hop.body && headers['content-length'] === undefined)
      headers['content-length'] = hop.body.length;
    const request = transport.request(hop.url, { method: hop.method, headers });
    const onAbort = (): void => {
      request.destroy();
      reject(abortReason(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('response', (response) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(response);
    });
    request.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new TypeError('fetch failed', { cause: error }));
    });
    request.end(hop.body);
  });
}

function toResponse(
  message: IncomingMessage,
  hop: Hop,
  signal: AbortSignal | undefined,
  redirected: boolean,
): Response {
  const status = message.statusCode ?? 0;
  if (status < 200 || status > 599) {
    message.destroy();
    throw new TypeError(`fetch failed: unsupported HTTP status ${status}`);
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < message.rawHeaders.length; i += 2) {
    headers.append(message.rawHeaders[i]!, message.rawHeaders[i + 1]!);
  }
  let body: ReadableStream<Uint8Array> | null = null;
  if (hop.method === 'HEAD' || NULL_BODY_STATUSES.has(status)) {
    message.resume();
  } else {
    body = Readable.toWeb(decoded(message, signal)) as ReadableStream<Uint8Array>;
  }
  const response = new Response(body, { status, statusText: message.statusMessage, headers });
  Object.defineProperty(response, 'url', { value: hop.url.href });
  if (redirected) Object.defineProperty(response, 'redirected', { value: true });
  return response;
}

/**
 * The body with its content codings undone, as fetch does. An abort during the body errors the
 * stream with the abort reason, so a reader sees why it ended.
 */
function decoded(message: IncomingMessage, signal: AbortSignal | undefined): Readable {
  let stream: Readable = message;
  const codings = (message.headers['content-encoding'] ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding && coding !== 'identity')
    .reverse();
  if (codings.length > 0) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const zlib = require('node:zlib') as typeof import('node:zlib');
    for (const coding of codings) {
      const decoder =
        coding === 'gzip' || coding === 'x-gzip'
          ? zlib.createGunzip()
          : coding === 'deflate'
            ? zlib.createInflate()
            : coding === 'br'
              ? zlib.createBrotliDecompress()
              : undefined;
      if (!decoder) break; // an unknown coding: hand over the bytes as they came, as fetch does
      const source = stream;
      stream = decoder;
      source.on('error', (error) => decoder.destroy(error));
      source.pipe(decoder);
    }
  }
  if (signal) {
    const onAbort = (): void => {
      const reason = abortReason(signal);
      message.destroy(reason as Error);
      if (stream !== message) stream.destroy(reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    stream.once('close', () => signal.removeEventListener('abort', onAbort));
  }
  return stream;
}
