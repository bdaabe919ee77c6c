import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { ZlibOptions } from 'node:zlib';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const MAX_REDIRECTS = 20;
/** Headers a redirect to another origin must not carry (as the Fetch standard drops them). */
const CROSS_ORIGIN_DROPPED = ['authorization', 'proxy-authorization', 'cookie', 'host'];

export interface NodeHttpFetchOptions {
  /** Give up on connecting after this long (Node's fetch: 10 s). */
  connectTimeoutMs?: number;
  /** Give up when no byte arrives for this long, for the headers or inside the body (fetch: 300 s). */
  idleTimeoutMs?: number;
}

interface Limits {
  connectTimeoutMs: number;
  idleTimeoutMs: number;
}

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/**
 * A `fetch` over node:http(s) for the provider SDKs. Node 20's global fetch (undici) compiles a
 * WebAssembly HTTP parser on its first request, 60-100 ms of every short headless run. It keeps
 * fetch's behaviour where the SDKs can see it: streamed bodies, content codings undone, redirects
 * followed, the same timeouts, abort reasons, and `TypeError('fetch failed' | 'terminated')` with
 * the system error as `cause`. What it does not handle itself (a Request object, a streamed, form
 * or blob body, a scheme other than http(s), manual redirects) goes to the global fetch.
 */
export function createNodeHttpFetch(options: NodeHttpFetchOptions = {}): typeof fetch {
  const limits: Limits = {
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 300_000,
  };
  return async (input, init) => {
    const url =
      typeof input === 'string' ? safeUrl(input) : input instanceof URL ? input : undefined;
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
    const headers = headerRecord(init?.headers);
    headers['accept-encoding'] ??= 'gzip, deflate, br';
    let hop: Hop = { url, method: (init?.method ?? 'GET').toUpperCase(), headers, body };
    for (let redirects = 0; ; redirects++) {
      const response = await send(hop, signal, limits);
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || location === undefined) {
        return toResponse(response, hop, signal, redirects > 0, limits.idleTimeoutMs);
      }
      response.resume();
      if (init?.redirect === 'error')
        throw new TypeError(`fetch failed: redirected to ${location}`);
      if (redirects === MAX_REDIRECTS) throw new TypeError('fetch failed: too many redirects');
      hop = redirectHop(hop, response.statusCode!, redirectTarget(location, hop.url));
    }
  };
}

export const nodeHttpFetch: typeof fetch = createNodeHttpFetch();

const NOT_BUFFERABLE = Symbol('not bufferable');

function safeUrl(text: string, base?: URL): URL | undefined {
  try {
    return new URL(text, base);
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

function codedError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

function redirectTarget(location: string, base: URL): URL {
  const url = safeUrl(location, base);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError('fetch failed', {
      cause: new Error(`cannot follow a redirect to "${location}"`),
    });
  }
  return url;
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

/**
 * One HTTP exchange, resolved when the response head arrives. The idle limit stays armed while
 * the body streams: a stalled body is destroyed with a coded error.
 */
function send(hop: Hop, signal: AbortSignal | undefined, limits: Limits): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const transport: typeof http =
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      hop.url.protocol === 'https:' ? (require('node:https') as typeof http) : http;
    const headers: OutgoingHttpHeaders = { ...hop.headers };
    if (hop.body && headers['content-length'] === undefined) {
      headers['content-length'] = hop.body.length;
    }
    const request = transport.request(hop.url, { method: hop.method, headers });
    let response: IncomingMessage | undefined;
    const fail = (error: Error): void => {
      if (response) response.destroy(error);
      else request.destroy(error);
    };
    const onAbort = (): void => {
      request.destroy();
      reject(abortReason(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.setTimeout(limits.idleTimeoutMs, () => {
      const seconds = limits.idleTimeoutMs / 1000;
      const waitingFor = response ? 'the rest of the response' : 'a response';
      const code = response ? 'UND_ERR_BODY_TIMEOUT' : 'UND_ERR_HEADERS_TIMEOUT';
      fail(
        codedError(
          `no data from ${hop.url.host} for ${seconds} s, waiting for ${waitingFor}`,
          code,
        ),
      );
    });
    request.once('socket', (socket) => {
      if (!socket.connecting) return; // a kept-alive connection
      const timer = setTimeout(() => {
        const seconds = limits.connectTimeoutMs / 1000;
        fail(
          codedError(
            `could not connect to ${hop.url.host} within ${seconds} s`,
            'UND_ERR_CONNECT_TIMEOUT',
          ),
        );
      }, limits.connectTimeoutMs);
      // For https the limit covers the TLS handshake too, as fetch's does.
      const connected = hop.url.protocol === 'https:' ? 'secureConnect' : 'connect';
      socket.once(connected, () => clearTimeout(timer));
      request.once('close', () => clearTimeout(timer));
    });
    // Node closes the request without 'response' or 'error' when a server switches protocols
    // (101 with Connection: upgrade) and nobody listens for 'upgrade': fail instead of hanging.
    request.once('close', () => {
      if (response) return;
      signal?.removeEventListener('abort', onAbort);
      const closed = codedError(
        'the connection closed before a response arrived',
        'UND_ERR_SOCKET',
      );
      reject(new TypeError('fetch failed', { cause: closed }));
    });
    request.once('response', (message) => {
      signal?.removeEventListener('abort', onAbort);
      response = message;
      resolve(message);
    });
    // Errors after the head arrived reach the body through the response; none may go unheard.
    request.on('error', (error) => {
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
  idleTimeoutMs: number,
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
    body = webBody(decoded(message), message, signal, idleTimeoutMs);
  }
  // Fetch takes any status text; Response's constructor refuses control characters.
  const statusText = (message.statusMessage ?? '').replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
  const response = new Response(body, { status, statusText, headers });
  Object.defineProperty(response, 'url', { value: hop.url.href });
  if (redirected) Object.defineProperty(response, 'redirected', { value: true });
  return response;
}

/**
 * The body with its content codings undone, as fetch does (leniently: a stream that ends early
 * gives what arrived). With a coding it does not know, the bytes are handed over as they came.
 */
function decoded(message: IncomingMessage): Readable {
  const codings = (message.headers['content-encoding'] ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding && coding !== 'identity')
    .reverse();
  if (codings.length === 0) return message;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const zlib = require('node:zlib') as typeof import('node:zlib');
  const { Z_SYNC_FLUSH, BROTLI_OPERATION_FLUSH } = zlib.constants;
  const lenient = { flush: Z_SYNC_FLUSH, finishFlush: Z_SYNC_FLUSH };
  const decoders: Transform[] = [];
  for (const coding of codings) {
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(zlib.createGunzip(lenient));
    else if (coding === 'deflate') decoders.push(inflateEither(zlib, lenient));
    else if (coding === 'br') {
      const flush = BROTLI_OPERATION_FLUSH;
      decoders.push(zlib.createBrotliDecompress({ flush, finishFlush: flush }));
    } else return message;
  }
  // A failure or early close anywhere destroys the whole chain, the connection included.
  return pipeline([message, ...decoders], () => undefined) as unknown as Readable;
}

/**
 * Undoes "deflate", which servers send zlib-wrapped (RFC 1950, as specified) or raw (RFC 1951):
 * the first byte tells which, as fetch tells.
 */
function inflateEither(zlib: typeof import('node:zlib'), options: ZlibOptions): Transform {
  let inflate: Transform | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!inflate) {
        if (chunk.length === 0) return done();
        const wrapped = (chunk[0]! & 0x0f) === 0x08; // zlib's header: compression method 8
        inflate = wrapped ? zlib.createInflate(options) : zlib.createInflateRaw(options);
        inflate.on('data', (data: Buffer) => this.push(data));
        inflate.on('error', (error) => this.destroy(error));
      }
      inflate.write(chunk, () => done());
    },
    flush(done) {
      if (!inflate) return done();
      inflate.once('end', () => done());
      inflate.end();
    },
  });
}

/**
 * The body as fetch gives it: a web stream that applies backpressure, ends or fails as the
 * connection does (`TypeError('terminated')`, or the abort reason), and closes the connection when
 * the reader cancels.
 */
function webBody(
  source: Readable,
  message: IncomingMessage,
  signal: AbortSignal | undefined,
  idleTimeoutMs: number,
): ReadableStream<Uint8Array> {
  let settled = false;
  // The idle limit waits while the reader is behind, as fetch's body timeout does.
  let idleLimitPaused = false;
  let aborted: unknown;
  const onAbort = (): void => {
    aborted = abortReason(signal!);
    source.destroy(aborted as Error);
    message.destroy(aborted as Error);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const settle = (): boolean => {
        if (settled) return false;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        return true;
      };
      source.on('data', (chunk: Buffer) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) {
          source.pause();
          if (!message.complete && message.socket) {
            message.socket.setTimeout(0);
            idleLimitPaused = true;
          }
        }
      });
      source.once('end', () => {
        if (settle()) controller.close();
      });
      source.once('error', (error) => {
        if (!settle()) return;
        if (aborted !== undefined) controller.error(aborted);
        else controller.error(new TypeError('terminated', { cause: bodyFailure(error) }));
      });
      source.once('close', () => {
        if (!settle()) return;
        const closed = codedError('the connection closed before the response ended', 'ECONNRESET');
        controller.error(new TypeError('terminated', { cause: closed }));
      });
      if (signal) signal.addEventListener('abort', onAbort, { once: true });
    },
    pull() {
      if (idleLimitPaused) {
        idleLimitPaused = false;
        if (!settled) message.socket?.setTimeout(idleTimeoutMs);
      }
      source.resume();
    },
    cancel() {
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (message.complete) {
        source.resume(); // all of it is here: drained, the connection goes back to the pool
        return;
      }
      source.destroy();
      message.destroy();
    },
  });
}

/** Node reports a connection lost mid-body as "aborted"; say what happened instead. */
function bodyFailure(error: Error): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNRESET' && error.message === 'aborted') {
    return Object.assign(
      new Error('the server closed the connection mid-response', { cause: error }),
      {
        code,
      },
    );
  }
  return error;
}
