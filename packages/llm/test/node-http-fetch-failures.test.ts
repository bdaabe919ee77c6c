import { createNodeHttpFetch, nodeHttpFetch } from '../src/providers/shared/node-http-fetch';
import {
  closeTestServers,
  rawServer,
  serve,
  silentServer,
  unacceptingListener,
  waitUntil,
} from './support/http-test-servers';

afterEach(closeTestServers);

describe('nodeHttpFetch when things go wrong', () => {
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
    const failure = await nodeHttpFetch(`${url}/`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });

  it('fails a request whose server switches protocols instead of answering', async () => {
    const url = await rawServer(
      'HTTP/1.1 101 Switching\r\nupgrade: x\r\nconnection: upgrade\r\n\r\n',
    );
    const failure = await nodeHttpFetch(url).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: 'fetch failed', cause: { code: 'UND_ERR_SOCKET' } });
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
      const port = await silentServer(); // accepts, and never starts TLS
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
