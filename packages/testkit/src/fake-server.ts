import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest, ScriptedTurn } from './script';
import { imageProblem, type WireImage } from './protocols/wire-images';

/** How one provider's wire protocol encodes a scripted turn. One implementation per protocol. */
export interface WireProtocol {
  /** Whether a request path is this protocol's streaming (or generate) endpoint. */
  handles(method: string, path: string): boolean;
  contentType: string;
  /** The wire events of a turn, in order; each element is written as one piece. */
  encode(
    turn: ScriptedTurn,
    request: RecordedRequest,
    turnIndex: number,
  ): Array<string | Uint8Array>;
  /**
   * The image blocks of a request body in this protocol's own format, in order (an image that
   * does not decode comes back as `UNDECODABLE`); requests with a bad image are refused with 400.
   */
  images?(body: any): WireImage[];
  /** The HTTP error body the real service sends for `status`. */
  errorBody(status: number, message: string): string;
  /** The body of the service's model listing (`GET /v1/models`) for `FAKE_MODELS`, if it has one. */
  modelsBody?(path: string): string | undefined;
}

/** The models every fake server lists (answered at once, not part of `requests`). */
export const FAKE_MODELS = ['fake-model', 'fake-model-large', 'fake-model-mini'];

export interface FakeServer {
  /** `http://127.0.0.1:PORT` (no path). */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Turns not yet played. */
  remaining(): number;
  /** Responses neither finished nor dropped by the client (0 once an aborted client hung up). */
  openResponses(): number;
  close(): Promise<void>;
}

/**
 * A loopback HTTP server that answers each streaming request with the next scripted turn,
 * encoded by `protocol`, recording every request. Runs out of script -> HTTP 500 with a clear body.
 */
export async function startFakeServer(
  protocol: WireProtocol,
  script: ScriptedTurn[],
): Promise<FakeServer> {
  const turns = [...script];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let statusFaultsServed = 0;
  let turnIndex = 0;
  let openResponses = 0;

  const server = http.createServer((req, res) => {
    openResponses++;
    res.on('close', () => openResponses--);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const models = req.method === 'GET' ? protocol.modelsBody?.(req.url ?? '/') : undefined;
      if (models !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(models);
        return;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
        rawBody,
        images: body === undefined ? [] : (protocol.images?.(body) ?? []),
      };
      requests.push(recorded);
      if (!protocol.handles(recorded.method, recorded.path)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(protocol.errorBody(404, `no such endpoint: ${recorded.method} ${recorded.path}`));
        return;
      }
      const badImage = recorded.images.map(imageProblem).find((problem) => problem);
      if (badImage) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(protocol.errorBody(400, `invalid image: ${badImage}`));
        return;
      }
      const turn = turns[0];
      if (!turn) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(protocol.errorBody(500, 'fake server: script exhausted'));
        return;
      }
      const fault = turn.fault;
      if (fault?.kind === 'status' && statusFaultsServed < (fault.times ?? 1)) {
        statusFaultsServed++;
        res.writeHead(fault.status, {
          'content-type': 'application/json',
          'retry-after': fault.retryAfter ?? '0',
        });
        res.end(protocol.errorBody(fault.status, fault.message ?? `fake ${fault.status}`));
        return;
      }
      turns.shift();
      statusFaultsServed = 0;
      const events = protocol.encode(turn, recorded, turnIndex++);
      res.writeHead(200, { 'content-type': protocol.contentType, 'cache-control': 'no-cache' });
      if (fault?.kind === 'hang') {
        for (const event of events.slice(0, fault.afterEvents ?? 0)) res.write(event);
        if (fault.keepAliveMs !== undefined) {
          if (protocol.contentType !== 'text/event-stream') {
            throw new Error('keepAliveMs needs an SSE protocol');
          }
          const timer = setInterval(() => res.write(': keep-alive\n\n'), fault.keepAliveMs);
          res.once('close', () => clearInterval(timer));
        }
        return;
      }
      if (fault?.kind === 'cut') {
        const sent = events.slice(0, fault.afterEvents);
        const cut = () => res.socket?.destroy();
        if (sent.length === 0) {
          res.flushHeaders();
          setImmediate(cut);
        }
        sent.forEach((event, i) => res.write(event, i === sent.length - 1 ? cut : undefined));
        return;
      }
      for (const event of events) res.write(event);
      res.end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    remaining: () => turns.length,
    openResponses: () => openResponses,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
