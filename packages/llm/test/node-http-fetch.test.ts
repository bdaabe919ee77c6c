import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { createNodeHttpFetch, nodeHttpFetch } from '../src/providers/shared/node-http-fetch';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Handler = (request: Received, response: ServerResponse, raw: IncomingMessage) => void;

interface TestServer {
  url: string;
  received: Received[];
  /** Sockets the server saw closed by the client. */
  closedSockets(): number;
  /** Connections the server accepted. */
  connections(): number;
  close(): Promise<void>;
}

const servers: TestServer[] = [];

async function listen(server: http.Server, handler: Handler, scheme: string): Promise<TestServer> {
  const received: Received[] = [];
  let closed = 0;
  let connections = 0;
  server.on('connection', (socket) => {
    connections++;
    socket.on('close', () => closed++);
  });
  server.on('request', (raw: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const request = {
        method: raw.method!,
        url: raw.url!,
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      handler(request, response, raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const started: TestServer = {
    url: `${scheme}://127.0.0.1:${port}`,
    received,
    closedSockets: () => closed,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(started);
  return started;
}

const serve = (handler: Handler): Promise<TestServer> =>
  listen(http.createServer(), handler, 'http');

const rawServers: net.Server[] = [];

/** A TCP server answering any request with `reply` verbatim; its URL. */
async function rawServer(reply: string): Promise<string> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => socket.write(reply));
  });
  rawServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const server of rawServers.splice(0)) server.close();
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}

describe('nodeHttpFetch', () => {
  it('sends the method, headers and body, and returns status, headers, body and url', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(201, 'Made', [
        ['content-type', 'application/json'],
        ['x-request-id', 'req_1'],
        ['set-cookie', 'a=1'],
        ['set-cookie', 'b=2'],
      ]);
      response.end('{"ok":true}');
    });
    const response = await nodeHttpFetch(`${server.url}/v1/chat?x=1`, {
      method: 'post',
      headers: new Headers({ Authorization: 'Bearer k', 'Content-Type': 'application/json' }),
      body: JSON.stringify({ text: 'héllo' }),
    });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.ok).toBe(true);
    expect(response.url).toBe(`${server.url}/v1/chat?x=1`);
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ ok: true });
    const [request] = server.received;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/v1/chat?x=1',
      body: '{"text":"héllo"}',
    });
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer k',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength('{"text":"héllo"}')),
      'accept-encoding': 'gzip, deflate, br',
    });
  });

  it('streams the body as it arrives rather than after the response ends', async () => {
    let finish: () => void = () => undefined;
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: first\n\n');
      finish = () => response.end('data: [DONE]\n\n');
    });
    const response = await nodeHttpFetch(`${server.url}/stream`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe('data: first\n\n');
    finish();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += Buffer.from(chunk.value).toString();
    }
    expect(rest).toBe('data: [DONE]\n\n');
  });

  it.each([
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ])('undoes a %s content coding', async (coding, encode) => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': coding });
      response.end(encode(Buffer.from('compressed reply')));
    });
    const response = await nodeHttpFetch(`${server.url}/`);
    expect(await response.text()).toBe('compressed reply');
  });

  it('returns no body for 204 and for HEAD', async () => {
    const server = await serve((request, response) => {
      response.writeHead(request.method === 'HEAD' ? 200 : 204, { 'content-length': '5' });
      response.end();
    });
    expect((await nodeHttpFetch(`${server.url}/`, { method: 'DELETE' })).body).toBeNull();
    const head = await nodeHttpFetch(`${server.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it('follows 307 with the same method and body, and 303 as a GET without one', async () => {
    const server = await serve((request, response) => {
      if (request.url === '/a') response.writeHead(307, { location: '/b' }).end();
      else if (request.url === '/b') response.writeHead(303, { location: '/c' }).end();
      else response.writeHead(200).end('arrived');
    });
    const response = await nodeHttpFetch(`${server.url}/a`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'payload',
    });
    expect(await response.text()).toBe('arrived');
    expect(response.url).toBe(`${server.url}/c`);
    expect(response.redirected).toBe(true);
    expect(server.received.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/a', 'payload'],
      ['POST', '/b', 'payload'],
      ['GET', '/c', ''],
    ]);
    expect(server.received[2]!.headers['content-type']).toBeUndefined();
  });

  it('drops the credentials when a redirect leaves the origin', async () => {
    const other = await serve((_request, response) => response.writeHead(200).end('elsewhere'));
    const server = await serve((_request, response) =>
      response.writeHead(308, { location: `${other.url}/landing` }).end(),
    );
    const response = await nodeHttpFetch(`${server.url}/`, {
      headers: { authorization: 'Bearer secret', 'x-keep': 'yes' },
    });
    expect(await response.text()).toBe('elsewhere');
    expect(server.received[0]!.headers.authorization).toBe('Bearer secret');
    expect(other.received[0]!.headers.authorization).toBeUndefined();
    expect(other.received[0]!.headers['x-keep']).toBe('yes');
  });

  it('stops a redirect loop with a clear error', async () => {
    const server = await serve((_request, response) =>
      response.writeHead(302, { location: '/again' }).end(),
    );
    await expect(nodeHttpFetch(`${server.url}/`)).rejects.toThrow(/too many redirects/);
    expect(server.received).toHaveLength(21);
  });

  it('rejects with the abort reason while waiting for the response, and closes the connection', async () => {
    const server = await serve(() => undefined); // never answers
    const controller = new AbortController();
    const pending = nodeHttpFetch(`${server.url}/`, {
      method: 'POST',
      body: 'x',
      signal: controller.signal,
    });
    await waitUntil(() => server.received.length === 1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await waitUntil(() => server.closedSockets() === 1);
  });

  it('rejects at once for a signal that is already aborted', async () => {
    const server = await serve((_request, response) => response.end());
    const reason = new Error('stopped by the user');
    await expect(
      nodeHttpFetch(`${server.url}/`, { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    expect(server.received).toHaveLength(0);
  });

  it('errors the body with the abort reason when aborted mid-stream', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: partial\n\n'); // and never ends
    });
    const controller = new AbortController();
    const response = await nodeHttpFetch(`${server.url}/`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    await waitUntil(() => server.closedSockets() === 1);
  });

  it('errors the body when the server cuts the connection mid-stream', async () => {
    const server = await serve((_request, response, raw) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: partial\n\n', () => raw.socket.destroy());
    });
    const response = await nodeHttpFetch(`${server.url}/`);
    const failure = await response.text().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({
      message: 'terminated',
      cause: { code: 'ECONNRESET', message: 'the server closed the connection mid-response' },
    });
  });

  it('fails like fetch, with the system error as cause, when nothing listens', async () => {
    const server = await serve(() => undefined);
    const url = server.url;
    await server.close();
    servers.length = 0;
    const failure = await nodeHttpFetch(`${url}/`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });

  it('hands bodies it does not buffer (a stream) to the global fetch', async () => {
    const server = await serve((_request, response) => response.end('streamed in'));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('chunked body'));
        controller.close();
      },
    });
    const response = await nodeHttpFetch(`${server.url}/`, {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(await response.text()).toBe('streamed in');
    expect(server.received[0]!.body).toBe('chunked body');
  });

  it('speaks https, trusting what the https agent trusts', async () => {
    const dir = path.join(__dirname, 'fixtures', 'tls');
    const cert = fs.readFileSync(path.join(dir, 'localhost-cert.pem'));
    const key = fs.readFileSync(path.join(dir, 'localhost-key.pem'));
    const server = await listen(
      https.createServer({ cert, key }),
      (_request, response) => response.end('secure'),
      'https',
    );
    const trusted = https.globalAgent.options.ca;
    https.globalAgent.options.ca = cert;
    try {
      expect(await (await nodeHttpFetch(`${server.url}/`)).text()).toBe('secure');
    } finally {
      https.globalAgent.options.ca = trusted;
    }
    https.globalAgent.destroy(); // no pooled socket may keep the old trust
    const untrusted = await nodeHttpFetch(`${server.url}/`).catch((error: unknown) => error);
    expect(untrusted).toMatchObject({ message: 'fetch failed' });
  });

  it('gives what arrived of a compressed body cut short, as fetch does', async () => {
    const gzipped = zlib.gzipSync(Buffer.from('data: hello\n\n'));
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' });
      response.end(gzipped.subarray(0, gzipped.length - 8)); // no trailer
    });
    expect(await (await nodeHttpFetch(`${server.url}/`)).text()).toBe('data: hello\n\n');
  });

  it('hands the bytes over as they came when a coding is unknown', async () => {
    const gzipped = zlib.gzipSync(Buffer.from('payload'));
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'zstd-ish, gzip' });
      response.end(gzipped);
    });
    const bytes = Buffer.from(await (await nodeHttpFetch(`${server.url}/`)).arrayBuffer());
    expect(bytes.equals(gzipped)).toBe(true);
  });

  it('closes the connection when the reader cancels a compressed body', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' });
      const gzip = zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH });
      gzip.pipe(response);
      gzip.write('data: first\n\n'); // and never ends
    });
    const response = await nodeHttpFetch(`${server.url}/`);
    const reader = response.body!.getReader();
    expect(Buffer.from((await reader.read()).value!).toString()).toBe('data: first\n\n');
    await reader.cancel();
    await waitUntil(() => server.closedSockets() === 1);
  });

  it('reuses the connection after the reader cancels a body that had fully arrived', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"error":"retry me"}');
    });
    for (let i = 0; i < 3; i++) {
      const response = await nodeHttpFetch(`${server.url}/`);
      await new Promise((resolve) => setTimeout(resolve, 20)); // all of it arrives
      await response.body!.cancel(); // what the SDKs do before a retry
    }
    expect(server.received).toHaveLength(3);
    expect(server.connections()).toBe(1);
  });

  it('fails a request whose server switches protocols instead of answering', async () => {
    const url = await rawServer(
      'HTTP/1.1 101 Switching\r\nupgrade: x\r\nconnection: upgrade\r\n\r\n',
    );
    const failure = await nodeHttpFetch(url).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: 'fetch failed', cause: { code: 'UND_ERR_SOCKET' } });
  });

  it('refuses to follow a redirect it cannot, like fetch', async () => {
    const server = await serve((request, response) =>
      response
        .writeHead(302, {
          location: request.url === '/ftp' ? 'ftp://example.com/x' : 'http://[bad',
        })
        .end(),
    );
    for (const route of ['/ftp', '/bad']) {
      const failure = await nodeHttpFetch(`${server.url}${route}`).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TypeError);
      expect(failure).toMatchObject({
        message: 'fetch failed',
        cause: { message: expect.stringMatching(/cannot follow a redirect/) },
      });
    }
  });

  it('accepts a status text with control characters', async () => {
    const url = await rawServer('HTTP/1.1 200 Fi\x01ne\r\ncontent-length: 4\r\n\r\nbody');
    const response = await nodeHttpFetch(url);
    expect(response.statusText).toBe('Fine');
    expect(await response.text()).toBe('body');
  });

  describe('timeouts', () => {
    it('gives up waiting for the response head after the idle limit', async () => {
      const server = await serve(() => undefined); // never answers
      const quick = createNodeHttpFetch({ idleTimeoutMs: 150 });
      const failure = await quick(`${server.url}/`).catch((error: unknown) => error);
      expect(failure).toMatchObject({
        message: 'fetch failed',
        cause: {
          code: 'UND_ERR_HEADERS_TIMEOUT',
          message: expect.stringMatching(/no data .* 0.15 s/),
        },
      });
      await waitUntil(() => server.closedSockets() === 1);
    });

    it('fails a body that stops arriving, but not one that arrives slowly', async () => {
      const server = await serve((request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        if (request.url === '/stalls') {
          response.write('data: partial\n\n'); // and nothing more
          return;
        }
        let sent = 0;
        const timer = setInterval(() => {
          response.write(`data: ${sent}\n\n`);
          if (++sent === 4) {
            clearInterval(timer);
            response.end();
          }
        }, 80);
      });
      const quick = createNodeHttpFetch({ idleTimeoutMs: 250 });
      expect(await (await quick(`${server.url}/slow`)).text()).toBe(
        'data: 0\n\ndata: 1\n\ndata: 2\n\ndata: 3\n\n',
      );
      const stalled = await quick(`${server.url}/stalls`);
      const failure = await stalled.text().catch((error: unknown) => error);
      expect(failure).toMatchObject({
        message: 'terminated',
        cause: { code: 'UND_ERR_BODY_TIMEOUT' },
      });
    });

    it('waits while the reader is behind, as fetch does', async () => {
      const big = Buffer.alloc(4 * 1024 * 1024, 'x');
      const server = await serve((_request, response) => response.end(big));
      const quick = createNodeHttpFetch({ idleTimeoutMs: 300 });
      const response = await quick(`${server.url}/`);
      const reader = response.body!.getReader();
      let received = (await reader.read()).value!.byteLength;
      await new Promise((resolve) => setTimeout(resolve, 800)); // a slow consumer
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        received += chunk.value.byteLength;
      }
      expect(received).toBe(big.length);
    });

    it('counts the TLS handshake in the connect limit', async () => {
      const silent = net.createServer((socket) => socket.on('error', () => undefined)); // no TLS
      rawServers.push(silent);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const port = (silent.address() as AddressInfo).port;
      const quick = createNodeHttpFetch({ connectTimeoutMs: 200, idleTimeoutMs: 5_000 });
      const started = Date.now();
      const failure = await quick(`https://127.0.0.1:${port}/`).catch((error: unknown) => error);
      expect(failure).toMatchObject({ cause: { code: 'UND_ERR_CONNECT_TIMEOUT' } });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('leaves a kept-alive connection usable after the idle limit has passed', async () => {
      const server = await serve((_request, response) => response.end('again'));
      const quick = createNodeHttpFetch({ idleTimeoutMs: 100 });
      expect(await (await quick(`${server.url}/`)).text()).toBe('again');
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await (await quick(`${server.url}/`)).text()).toBe('again');
    });

    it('gives up connecting after the connect limit', async () => {
      const listener = await unacceptingListener();
      try {
        const quick = createNodeHttpFetch({ connectTimeoutMs: 200 });
        const started = Date.now();
        const failure = await quick(`http://127.0.0.1:${listener.port}/`).catch(
          (error: unknown) => error,
        );
        expect(failure).toMatchObject({
          message: 'fetch failed',
          cause: { code: 'UND_ERR_CONNECT_TIMEOUT' },
        });
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        listener.close();
      }
    });
  });
});

/**
 * A port on which connecting hangs: a child process listens with a backlog of 1 and never
 * accepts (its event loop is blocked), and filler connections take the queue, so the kernel drops
 * the next handshake.
 */
async function unacceptingListener(): Promise<{ port: number; close(): void }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const server = require('node:net').createServer();
       server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
         process.stdout.write(server.address().port + '\\n');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
       });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('error', reject);
  });
  const fillers = Array.from({ length: 4 }, () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    return socket;
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    port,
    close() {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
    },
  };
}
