// Local servers for the nodeHttpFetch tests: recording HTTP(S) servers, raw TCP replies, and a
// listener on which connecting hangs.
import { spawn } from 'node:child_process';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (request: Received, response: ServerResponse, raw: IncomingMessage) => void;

export interface TestServer {
  url: string;
  received: Received[];
  /** Sockets the server saw closed by the client. */
  closedSockets(): number;
  /** Connections the server accepted. */
  connections(): number;
  close(): Promise<void>;
}

const servers: TestServer[] = [];

export async function listen(
  server: http.Server,
  handler: Handler,
  scheme: string,
): Promise<TestServer> {
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

export const serve = (handler: Handler): Promise<TestServer> =>
  listen(http.createServer(), handler, 'http');

const rawServers: net.Server[] = [];

/** A TCP server that accepts connections and never sends a byte; its port. */
export async function silentServer(): Promise<number> {
  const server = net.createServer((socket) => socket.on('error', () => undefined));
  rawServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A TCP server answering any request with `reply` verbatim; its URL. */
export async function rawServer(reply: string): Promise<string> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => socket.write(reply));
  });
  rawServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** Closes every server the running test started; register with afterEach. */
export async function closeTestServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const server of rawServers.splice(0)) server.close();
}

export async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error('the condition did not come true within 2 s');
}

/**
 * A port on which connecting hangs: a child process listens with a backlog of 1 and never
 * accepts (its event loop is blocked), and filler connections take the queue, so the kernel drops
 * the next handshake.
 */
export async function unacceptingListener(): Promise<{ port: number; close(): void }> {
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
