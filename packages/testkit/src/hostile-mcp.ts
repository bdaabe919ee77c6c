import path from 'node:path';

/** How a hostile MCP server of `mcp-servers/hostile-mcp-server.mjs` misbehaves. */
export type HostileMcpMode =
  | 'huge-list'
  | 'huge-result'
  | 'endless-output'
  | 'recursive-ref'
  | 'exit-after-init'
  | 'many-tools'
  | 'http-endless-sse';

/** The script of the hostile MCP servers (real servers on the official SDK). */
export const HOSTILE_MCP_SERVER = path.join(
  __dirname,
  '..',
  'mcp-servers',
  'hostile-mcp-server.mjs',
);

/** An `mcpServers` entry running a hostile server over stdio with this Node. */
export function hostileMcpStdio(
  mode: Exclude<HostileMcpMode, 'http-endless-sse'>,
  ...args: string[]
): { command: string; args: string[] } {
  return { command: process.execPath, args: [HOSTILE_MCP_SERVER, mode, ...args] };
}
