import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Conversation } from '@agent/runtime';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { sameToken, tokenCookie, tokenOf } from './access';
import { hostCheck, hostHeader, urlHost } from './host-check';
import { pageCard } from './page-cards';
import { pageEntries, pageEvent, type CallExtras, type PageEvent } from './page-events';
import { WEB_PAGE } from './web-page-name';
import { pageFiles } from './page-files';
import { pageOperation, type PageOperation } from './page-operations';
import { workspaceSession, workspaceSessions } from './page-sessions';

export { WEB_PAGE } from './web-page-name';

export interface WebServerOptions {
  conversation: Conversation;
  /** The address to bind (default 127.0.0.1): anyone who reaches it with the token can act. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** More names requests may give as their Host: a proxy's (`tailscale serve`), never a guess. */
  allowHosts?: readonly string[];
  /** Aborting it closes the server. */
  signal?: AbortSignal;
}

export interface WebServer {
  /** The URL to open, with the token: `http://127.0.0.1:PORT/?token=...`. */
  readonly url: string;
  readonly token: string;
  /** The link that opens the page at card `id` (its element's id is `card-ID`). */
  cardUrl(id: string): string;
  /** Detaches from the conversation, ends the event streams, closes the port. */
  close(): Promise<void>;
}

const STATIC: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/page.js': { file: 'page.js', type: 'text/javascript; charset=utf-8' },
  '/page.css': { file: 'page.css', type: 'text/css; charset=utf-8' },
};
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * Serves the page for `conversation` on `host:port` and shows its approvals and questionnaires
 * there (as the viewer "the web page"). Every request needs the token and the bound Host.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { conversation, host = '127.0.0.1', port = 0, allowHosts = [], signal } = options;
  const token = randomBytes(24).toString('base64url');
  const streams = new AbortController();
  const files = pageFiles();
  let answers: (header: string | undefined) => boolean = () => false;
  let expectedHost = '';
  const callOf = (id: string) => conversation.transcriptCall(id);
  const extras = liveExtras(conversation, callOf);
  const transcript = (): PageEvent => ({
    type: 'transcript',
    entries: pageEntries(conversation.transcript, extras.seen),
  });

  const app = new Hono();
  app.use(async (c, next) => {
    if (!answers(c.req.header('host'))) {
      return c.text(`This server answers only for the host ${expectedHost}.\n`, 421);
    }
    const first = c.req.method === 'GET' && c.req.path === '/' && c.req.query('token');
    if (first && sameToken(first, token)) {
      c.header('set-cookie', tokenCookie(token));
      return c.redirect('/', 303);
    }
    if (!sameToken(tokenOf(c.req.raw.headers), token)) {
      return c.text('This page needs its token: open the URL the agent printed.\n', 401);
    }
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
  });

  for (const [route, { file, type }] of Object.entries(STATIC)) {
    app.get(route, (c) => c.body(files[file]!, 200, { 'content-type': type }));
  }

  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      const ended = new AbortController();
      const end = (): void => ended.abort();
      streams.signal.addEventListener('abort', end, { once: true });
      stream.onAbort(end);
      let writing = Promise.resolve();
      const send = (event: PageEvent): void => {
        writing = writing.then(() => stream.writeSSE({ data: JSON.stringify(event) })).catch(end);
      };
      // The conversation so far, then the open cards, then what happens next: all from this one
      // moment (nothing is awaited before subscribing), so a page that reconnects repeats nothing.
      send(transcript());
      const { shown, waiting } = conversation.openCards;
      send({
        type: 'hello',
        busy: conversation.busy,
        ...(shown ? { shown: pageCard(shown) } : {}),
        waiting: waiting.map(pageCard),
      });
      const unsubscribe = conversation.subscribe((event) => {
        // A resumed or new session: the page draws its transcript in place of the one before.
        if (event.type === 'history' || event.type === 'new_session') send(transcript());
        const page = pageEvent(event, callOf);
        if (page) send(page);
      });
      await new Promise<void>((resolve) => {
        if (ended.signal.aborted) resolve();
        ended.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      unsubscribe();
      streams.signal.removeEventListener('abort', end);
    }),
  );

  app.post(
    '/operations',
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: (c) => c.text('The body is larger than 1 MiB.\n', 413),
    }),
    async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.text('The body is not JSON.\n', 400);
      }
      const operation = pageOperation(body);
      if (typeof operation === 'string') return c.text(`${operation}\n`, 400);
      const problem = await submitted(operation);
      return problem === undefined ? c.json({ ok: true }) : c.text(`${problem}\n`, 409);
    },
  );

  const session = conversation.session;
  const submitted = async (operation: PageOperation): Promise<string | undefined> => {
    if (operation.type !== 'resume') {
      const result = await conversation.submit(operation, WEB_PAGE);
      return result.ok ? undefined : result.reason;
    }
    if (conversation.busy) return 'a turn is running; interrupt it first';
    const saved = await workspaceSession(
      session.agentHome,
      session.workspaceRoot,
      operation.id,
      session.sessionId,
    );
    if (typeof saved === 'string') return saved;
    try {
      const result = await conversation.submit({ type: 'resume', session: saved }, WEB_PAGE);
      return result.ok ? undefined : result.reason;
    } catch (error) {
      // Another process has it open (a session lock), or its provider cannot be made.
      return `session ${operation.id} cannot be resumed: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  app.get('/sessions', async (c) =>
    c.json(await workspaceSessions(session.agentHome, session.workspaceRoot, session.sessionId)),
  );

  app.notFound((c) => c.text(`Nothing here: ${c.req.method} ${c.req.path}\n`, 404));
  app.onError((error, c) =>
    c.text(
      `The server could not do that: ${error instanceof Error ? error.message : String(error)}\n`,
      500,
    ),
  );

  const detach = conversation.attach({
    name: WEB_PAGE,
    kinds: ['approval', 'questionnaire', 'plan', 'form', 'url'],
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(started));
    started.once('error', reject);
  });
  const bound = (server.address() as AddressInfo).port;
  answers = hostCheck(host, bound, allowHosts);
  expectedHost = hostHeader(urlHost(host), bound);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      detach();
      extras.stop();
      streams.abort();
      signal?.removeEventListener('abort', onAbort);
      server.close(() => resolve());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
    return closing;
  };
  const onAbort = (): void => void close();
  if (signal?.aborted) await close();
  else signal?.addEventListener('abort', onAbort, { once: true });

  const url = `http://${expectedHost}/?token=${token}`;
  return { url, token, cardUrl: (id) => `${url}#card-${encodeURIComponent(id)}`, close };
}

/** Calls whose output and diff are remembered for a page that joins later (the latest ones). */
const CALLS_REMEMBERED = 200;

/** What the page was shown live of each call that the session does not keep (see CallExtras). */
function liveExtras(conversation: Conversation, callOf: Parameters<typeof pageEvent>[1]) {
  const seen = new Map<string, CallExtras>();
  const stop = conversation.subscribe((event) => {
    if (event.type !== 'runtime' || event.event.type !== 'tool_end') return;
    const page = pageEvent(event, callOf);
    if (page?.type !== 'tool') return;
    seen.set(page.id, {
      ...(page.output ? { output: page.output } : {}),
      ...(page.diff ? { diff: page.diff } : {}),
    });
    if (seen.size > CALLS_REMEMBERED) seen.delete(seen.keys().next().value!);
  });
  return { seen: seen as ReadonlyMap<string, CallExtras>, stop };
}
