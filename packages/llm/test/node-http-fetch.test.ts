import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import zlib from 'node:zlib';
import { nodeHttpFetch } from '../src/providers/shared/node-http-fetch';
import { closeTestServers, listen, rawServer, serve, waitUntil } from './support/http-test-servers';

afterEach(closeTestServers);

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
    ['gzip', 'gzip', zlib.gzipSync],
    ['deflate', 'deflate', zlib.deflateSync],
    ['raw deflate (as some servers send it)', 'deflate', zlib.deflateRawSync],
    ['br', 'br', zlib.brotliCompressSync],
  ])('undoes a %s content coding', async (_name, coding, encode) => {
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
});
