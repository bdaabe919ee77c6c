import { createHash } from 'node:crypto';
import path from 'node:path';
import { readSmallFileSync } from '@agent/tools';

/**
 * Where a server was configured: the user's config.json (always trusted), the workspace, or the
 * client that started the agent (an editor's settings: trusted, the person configured them).
 */
export type ServerScope = 'user' | 'workspace' | 'client';

/** A server started as a child process speaking MCP over stdin/stdout. */
export interface StdioServerConfig {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Values may hold `${VAR}` references, expanded only when the process starts. */
  env: Record<string, string>;
  cwd?: string;
}

/** A server reached over streamable HTTP (falling back to SSE), or SSE only. */
export interface HttpServerConfig {
  transport: 'http' | 'sse';
  /** May hold `${VAR}` references, expanded only when connecting. */
  url: string;
  /** Values may hold `${VAR}` references, expanded only when connecting. */
  headers: Record<string, string>;
}

export type ServerConfig = (StdioServerConfig | HttpServerConfig) & {
  name: string;
  scope: ServerScope;
  /** `disabled: true` in the file: listed, never started. */
  disabled: boolean;
};

/** The servers found, and each problem met reading the files (a file is skipped, not fatal). */
export interface LoadedConfig {
  servers: ServerConfig[];
  errors: string[];
  /**
   * What the workspace's `.mcp.json` says, as a SHA-256 of its JSON with keys sorted (so
   * reformatting the file keeps its trust, any change to a server does not).
   */
  workspaceDigest: string;
}

/** The files MCP servers are read from. */
export function configPaths(agentHome: string, workspace: string) {
  return {
    user: path.join(agentHome, 'config.json'),
    workspace: path.join(workspace, '.mcp.json'),
  };
}

/**
 * Reads `mcpServers` from `$AGENT_HOME/config.json` and the workspace's `.mcp.json`, the format
 * other agents read. A workspace server with the name of a user server replaces it (the
 * workspace is more specific), as other agents do. Synchronous, so a run can start its servers
 * before it does anything else (two small files; a planted FIFO is refused, not waited on).
 */
export function loadServerConfigs(agentHome: string, workspace: string): LoadedConfig {
  const paths = configPaths(agentHome, workspace);
  const errors: string[] = [];
  const user = parseServers(readJson(paths.user, errors), 'user', paths.user, errors);
  const workspaceJson = readJson(paths.workspace, errors);
  const local = parseServers(workspaceJson, 'workspace', paths.workspace, errors);
  const byName = new Map<string, ServerConfig>();
  for (const server of [...user, ...local]) byName.set(server.name, server);
  return { servers: [...byName.values()], errors, workspaceDigest: digestOf(workspaceJson) };
}

/** SHA-256 of `json` with its keys sorted: the same for the same content, however written. */
export function digestOf(json: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(json ?? null, sortedKeys))
    .digest('hex');
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, value[key]]),
  );
}

/** A configuration file larger than this is refused: no server list needs a megabyte. */
const MAX_CONFIG_BYTES = 1024 * 1024;
/** Deeper JSON than this is refused: a real configuration is a few levels deep. */
const MAX_CONFIG_DEPTH = 64;

/**
 * The parsed JSON of a configuration file, or undefined (absent, or a problem reported in
 * `errors`). A workspace may be hostile before it is trusted: anything but a regular file (a
 * FIFO, a device) is refused without waiting on it, and so are huge or deeply nested files.
 */
function readJson(file: string, errors: string[]): unknown {
  let text: string;
  try {
    text = readSmallFileSync(file, MAX_CONFIG_BYTES);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      errors.push(`${file}: cannot read it (${(error as Error).message})`);
    }
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    errors.push(`${file}: not valid JSON (${(error as Error).message})`);
    return undefined;
  }
  if (depthOver(json, MAX_CONFIG_DEPTH)) {
    errors.push(`${file}: nested more than ${MAX_CONFIG_DEPTH} levels deep; it was not read`);
    return undefined;
  }
  return json;
}

/** Whether `value` nests arrays or objects more than `limit` levels deep (checked without recursion). */
function depthOver(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: next, depth } = stack.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(next)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/** The servers of one parsed file; each bad entry is reported and skipped. */
export function parseServers(
  json: unknown,
  scope: ServerScope,
  file: string,
  errors: string[],
): ServerConfig[] {
  if (json === undefined) return [];
  if (!isObject(json)) {
    errors.push(`${file}: expected a JSON object`);
    return [];
  }
  const servers = json.mcpServers;
  if (servers === undefined) return [];
  if (!isObject(servers)) {
    errors.push(`${file}: "mcpServers" must be an object of servers by name`);
    return [];
  }
  const out: ServerConfig[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    const problem = checkName(name);
    const parsed = problem ? problem : parseEntry(entry);
    if (typeof parsed === 'string') {
      errors.push(`${file}: server "${name}": ${parsed}`);
      continue;
    }
    out.push({ ...parsed, name, scope, disabled: isObject(entry) && entry.disabled === true });
  }
  return out;
}

function checkName(name: string): string | undefined {
  if (name.trim() === '') return 'the name is empty';
  if (name.length > 64) return 'the name is longer than 64 characters';
  return undefined;
}

function parseEntry(entry: unknown): StdioServerConfig | HttpServerConfig | string {
  if (!isObject(entry)) return 'expected an object';
  const type = entry.type;
  if (type !== undefined && typeof type !== 'string') return '"type" must be a string';
  const kind = type ?? (entry.url !== undefined ? 'http' : 'stdio');
  if (kind === 'stdio') {
    if (typeof entry.command !== 'string' || entry.command.trim() === '') {
      return '"command" must be a non-empty string';
    }
    const args = entry.args ?? [];
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
      return '"args" must be an array of strings';
    }
    const env = stringRecord(entry.env, 'env');
    if (typeof env === 'string') return env;
    if (entry.cwd !== undefined && typeof entry.cwd !== 'string') return '"cwd" must be a string';
    return {
      transport: 'stdio',
      command: entry.command,
      args: args as string[],
      env,
      ...(entry.cwd !== undefined ? { cwd: entry.cwd as string } : {}),
    };
  }
  if (kind === 'http' || kind === 'streamable-http' || kind === 'sse') {
    if (typeof entry.url !== 'string') return '"url" must be a string';
    if (!entry.url.includes('${') && !/^https?:\/\//i.test(entry.url)) {
      return `"url" must start with http:// or https://`;
    }
    const headers = stringRecord(entry.headers, 'headers');
    if (typeof headers === 'string') return headers;
    return { transport: kind === 'sse' ? 'sse' : 'http', url: entry.url, headers };
  }
  return `unknown "type" ${JSON.stringify(type)}: use "stdio", "http" or "sse"`;
}

function stringRecord(value: unknown, field: string): Record<string, string> | string {
  if (value === undefined) return {};
  if (!isObject(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    return `"${field}" must be an object of strings`;
  }
  return { ...(value as Record<string, string>) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
