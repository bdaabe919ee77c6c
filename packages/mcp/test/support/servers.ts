import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export { isAlive, processGroup } from '@agent/testkit';

/** The entry script of an MCP server package installed from the npm registry. */
export function serverScript(name: 'server-everything' | 'server-filesystem'): string {
  return require.resolve(`@modelcontextprotocol/${name}/dist/index.js`);
}

/** `mcpServers` entry that runs server-everything over stdio with this Node. */
export function everythingStdio() {
  return { command: process.execPath, args: [serverScript('server-everything'), 'stdio'] };
}

/** `mcpServers` entry that runs server-filesystem over stdio, allowed into `dir`. */
export function filesystemStdio(dir: string) {
  return { command: process.execPath, args: [serverScript('server-filesystem'), dir] };
}

/** A fresh temporary directory (real path). */
export function tempDir(prefix: string): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

export function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
}

export async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** server-everything over streamable HTTP on 127.0.0.1 and a free port. */
export interface HttpServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const httpServers = new Set<HttpServer>();

/** Stops every HTTP server started by this test file, even those whose start failed. */
export async function stopHttpServers(): Promise<void> {
  await Promise.all([...httpServers].map((server) => server.stop()));
}

/** server-everything over HTTP: `streamableHttp` (at /mcp) or the older `sse` (at /sse). */
export function startEverythingHttp(
  mode: 'streamableHttp' | 'sse' = 'streamableHttp',
): Promise<HttpServer> {
  const child = spawn(
    process.execPath,
    [
      '--require',
      path.join(__dirname, 'loopback-only.js'),
      serverScript('server-everything'),
      mode,
    ],
    {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  const stop = async () => {
    httpServers.delete(handle);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone already
    }
    await exited;
  };
  const handle: HttpServer = { url: '', child, stop };
  httpServers.add(handle);
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server-everything did not listen: ${text}`));
    }, 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /LISTENING_PORT=(\d+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        handle.url = `http://127.0.0.1:${match[1]}/${mode === 'sse' ? 'sse' : 'mcp'}`;
        resolve(handle);
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited: ${text}`));
    });
  });
}
