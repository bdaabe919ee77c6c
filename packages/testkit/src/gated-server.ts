import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A stdio MCP server entry held at its start until the test lets it go on. */
export interface GatedServer {
  /** The `mcpServers` entry: `sh -c` that writes its pid, waits at the gate, then execs the server. */
  entry: { command: string; args: string[] };
  /** Lets a waiting shell go on to become the server (resolves once one has read the gate). */
  open(): Promise<void>;
  /** Whether a shell has started and written its pid. */
  started(): boolean;
  /** The pid of the last shell started (the server itself once it exec'd). */
  pid(): number;
}

/**
 * `server` (a command line) behind a gate, a FIFO in `dir`: each start of the entry waits, as a
 * server still booting would, until `open()` writes a line to the gate. For tests of what happens
 * before a server is up, without depending on how long its start takes.
 */
export function gatedServer(dir: string, server: readonly string[]): GatedServer {
  const gate = path.join(dir, 'gate.fifo');
  const pidFile = path.join(dir, 'gated-server.pid');
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(gate)) execFileSync('mkfifo', [gate]);
  const quote = (part: string): string => `'${part.replace(/'/g, `'\\''`)}'`;
  const line = `echo $$ > ${quote(pidFile)}; read go < ${quote(gate)}; exec ${server.map(quote).join(' ')}`;
  return {
    entry: { command: 'sh', args: ['-c', line] },
    open: () => fs.promises.writeFile(gate, 'go\n'),
    started: () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').trim() !== '',
    pid: () => Number(fs.readFileSync(pidFile, 'utf8')),
  };
}
