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

/** How a fake behaves beyond its script. */
export interface FakeServerOptions {
  /**
   * A local server's context window in tokens: `GET /props` answers llama.cpp's shape with it
   * (`default_generation_settings.n_ctx`), `GET /v1/models` vLLM's (`max_model_len`), and a
   * streaming request estimated larger (a token per 4 bytes of its body) is refused with HTTP 400
   * and llama.cpp's context-overflow error, counted in `overflows()`.
   */
  contextWindow?: number;
}

/** Tokens a fake with a `contextWindow` estimates for a request body. */
export function estimatedRequestTokens(rawBody: string): number {
  return Math.ceil(Buffer.byteLength(rawBody) / 4);
}

/** llama.cpp server's answer to a prompt larger than its context (`exceed_context_size_error`). */
export function llamaContextOverflowBody(promptTokens: number, window: number): string {
  return JSON.stringify({
    error: {
      code: 400,
      message: `request (${promptTokens} tokens) exceeds the available context size (${window} tokens), try increasing it`,
      type: 'exceed_context_size_error',
      n_prompt_tokens: promptTokens,
      n_ctx: window,
    },
  });
}

/** The requests of the agent's window probes that a fake answers without recording them. */
const WINDOW_PROBES = new Set(['GET /props', 'GET /api/v0/models', 'POST /api/show']);

function windowBody(path: string, window: number): string | undefined {
  const route = path.split('?')[0];
  if (route === '/props') {
    return JSON.stringify({
      default_generation_settings: { n_ctx: window, params: { n_predict: -1 } },
      total_slots: 1,
      model_path: 'models/fake-model.gguf',
      chat_template: '',
      build_info: 'b6000-fake',
    });
  }
  if (route === '/v1/models') {
    return JSON.stringify({
      object: 'list',
      data: FAKE_MODELS.map((id) => ({
        id,
        object: 'model',
        created: 0,
        owned_by: 'vllm',
        root: id,
        parent: null,
        max_model_len: window,
      })),
    });
  }
  return undefined;
}

export interface FakeServer {
  /** `http://127.0.0.1:PORT` (no path). */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Turns not yet played. */
  remaining(): number;
  /** Responses neither finished nor dropped by the client (0 once an aborted client hung up). */
  openResponses(): number;
  /** Requests refused for exceeding `contextWindow`. */
  overflows(): number;
  close(): Promise<void>;
}

/**
 * A loopback HTTP server that answers each streaming request with the next scripted turn,
 * encoded by `protocol`, recording every request. Runs out of script -> HTTP 500 with a clear body.
 */
export async function startFakeServer(
  protocol: WireProtocol,
  script: ScriptedTurn[],
  options: FakeServerOptions = {},
): Promise<FakeServer> {
  const turns = [...script];
  let overflows = 0;
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
      const window = options.contextWindow;
      const sized =
        req.method === 'GET' && window !== undefined
          ? windowBody(req.url ?? '/', window)
          : undefined;
      const models =
        req.method === 'GET' ? (sized ?? protocol.modelsBody?.(req.url ?? '/')) : undefined;
      if (models !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(models);
        return;
      }
      // What the agent asks a local server about its window is answered like the model listing:
      // at once, never part of `requests` (without a window: 404, as OpenAI's own API does).
      if (WINDOW_PROBES.has(`${req.method} ${(req.url ?? '/').split('?')[0]}`)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(protocol.errorBody(404, `no such endpoint: ${req.method} ${req.url}`));
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
      const promptTokens = estimatedRequestTokens(rawBody);
      if (window !== undefined && promptTokens > window) {
        overflows++;
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(llamaContextOverflowBody(promptTokens, window));
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
      if (fault?.kind === 'drop' && statusFaultsServed < (fault.times ?? 1)) {
        statusFaultsServed++;
        req.socket.destroy();
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
    overflows: () => overflows,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
