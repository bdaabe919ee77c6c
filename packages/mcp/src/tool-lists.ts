import fs from 'node:fs';
import path from 'node:path';
import { readSmallFileSync } from '@agent/tools';
import { digestOf, type ServerConfig } from './config';
import type { McpToolInfo } from './server-connection';

/**
 * The file, in `$AGENT_HOME` (never in a workspace: a repository cannot plant tools in it),
 * where each server's tool list is kept from its last connection.
 */
export const TOOL_LISTS_FILE = 'mcp-tool-lists.json';
/** More than any real set of servers lists; a bigger file is not read. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Entries kept, the most recently connected first. */
const MAX_SERVERS = 64;
/**
 * A list not confirmed by a connection for this long is not used: a run waits for the server
 * again (and remembers what it lists now), so an upgraded server's new tools show within a day
 * even where its tools are rarely called.
 */
export const TOOL_LIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface Entry {
  tools: McpToolInfo[];
  savedAt: string;
}

/**
 * What each server listed when it last connected. A run offers those tools to the model while
 * the server is still starting, so its first request does not wait for the server's boot; a call
 * to one waits for the connection (see ServerConnection.callTool). Keyed by the server's
 * configuration as written (references unexpanded, so no secret is in it or in its key) and the
 * workspace: change either, and the list is not used.
 */
export class ToolLists {
  private entries: Record<string, Entry> = {};
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly agentHome: string) {
    this.entries = readEntries(path.join(agentHome, TOOL_LISTS_FILE));
  }

  remembered(config: ServerConfig, workspace: string): McpToolInfo[] | undefined {
    const entry = this.entries[keyOf(config, workspace)];
    const age = entry ? Date.now() - Date.parse(entry.savedAt) : NaN;
    return age >= 0 && age < TOOL_LIST_MAX_AGE_MS ? entry!.tools : undefined;
  }

  /**
   * Keeps `tools` as what `config` lists now (confirmed now, when they are the same as before);
   * written in the background (see `written`).
   */
  remember(config: ServerConfig, workspace: string, tools: McpToolInfo[]): void {
    const key = keyOf(config, workspace);
    const kept = Object.entries(this.entries)
      .filter(([other]) => other !== key)
      .sort(([, a], [, b]) => b.savedAt.localeCompare(a.savedAt))
      .slice(0, MAX_SERVERS - 1);
    this.entries = {
      [key]: { tools, savedAt: new Date().toISOString() },
      ...Object.fromEntries(kept),
    };
    const text = JSON.stringify({ version: 1, servers: this.entries });
    this.writing = this.writing.then(() => this.write(text));
  }

  /** Resolves once every list remembered so far is on disk (or failed to be written). */
  written(): Promise<void> {
    return this.writing;
  }

  /** Atomically, so a run reading it meanwhile sees the old file or the new one. */
  private async write(text: string): Promise<void> {
    const file = path.join(this.agentHome, TOOL_LISTS_FILE);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await fs.promises.mkdir(this.agentHome, { recursive: true });
      await fs.promises.writeFile(temporary, text, { mode: 0o600 });
      await fs.promises.rename(temporary, file);
    } catch {
      // Only the next run's head start is lost: it waits for the server as without the file.
      await fs.promises.rm(temporary, { force: true }).catch(() => undefined);
    }
  }
}

function keyOf(config: ServerConfig, workspace: string): string {
  const { disabled: _disabled, ...entry } = config;
  return digestOf({ entry, workspace });
}

/** The entries of the file; none when it is missing, unreadable or not what this code writes. */
function readEntries(file: string): Record<string, Entry> {
  let json: unknown;
  try {
    json = JSON.parse(readSmallFileSync(file, MAX_FILE_BYTES));
  } catch {
    return {};
  }
  const servers = (json as { version?: unknown; servers?: unknown } | null)?.servers;
  if ((json as { version?: unknown }).version !== 1 || !isRecord(servers)) return {};
  const entries: Record<string, Entry> = {};
  for (const [key, entry] of Object.entries(servers)) {
    if (isRecord(entry) && Array.isArray(entry.tools) && typeof entry.savedAt === 'string') {
      const tools = entry.tools.filter(
        (tool): tool is McpToolInfo => isRecord(tool) && typeof tool.name === 'string',
      );
      entries[key] = { tools, savedAt: entry.savedAt };
    }
  }
  return entries;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
