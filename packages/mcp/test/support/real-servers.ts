import fs from 'node:fs';
import path from 'node:path';
import {
  allowAll,
  answerAtOnce,
  type FormOutcome,
  type FormQuestionnaire,
  type Tool,
  type ToolContext,
  type ToolResult,
  type UrlRequest,
} from '@agent/tools';
import { startMcp, type ElicitationRecord, type McpManager, type McpServerStatus } from '../../src';
import { startEverythingHttp, stopHttpServers, tempDir, writeJson } from './servers';

/** Where the configured servers can point: the folder outside the workspace, the HTTP servers. */
export interface RealServerPlaces {
  folder: string;
  /** server-everything over streamable HTTP (started when asked for in `http`). */
  httpUrl: string;
  /** server-everything over the older SSE transport (started when asked for in `http`). */
  sseUrl: string;
}

/** One manager over real MCP servers, shared by the tests of one file. */
export interface RealServers {
  readonly manager: McpManager;
  /** A temporary workspace holding notes.txt and sub/. */
  readonly workspace: string;
  /** A folder outside the workspace holding other.txt. */
  readonly folder: string;
  /** Every form question the person was asked, every elicitation recorded, every URL request. */
  readonly asked: FormQuestionnaire[];
  readonly records: ElicitationRecord[];
  readonly urls: UrlRequest[];
  /** Every server list `onChange` reported. */
  readonly changes: McpServerStatus[][];
  /** How the person answers the next form (declines until a test says otherwise). */
  answerForm: (form: FormQuestionnaire, signal: AbortSignal) => Promise<FormOutcome>;
  tool(name: string): Tool;
  context(signal?: AbortSignal, updates?: string[]): ToolContext;
  /** Parses `input` with the tool's schema, as the loop does, then runs it. */
  run(name: string, input: Record<string, unknown>, ctx?: ToolContext): Promise<ToolResult>;
}

/**
 * Starts the servers `mcpServers` configures once for the test file (in parallel, in `beforeAll`)
 * and closes them in `afterAll`. `TEST_MCP_TOKEN` and `TEST_MCP_SECRET` are set in the servers'
 * environment for configs that expand them.
 */
export function useRealServers(
  mcpServers: (places: RealServerPlaces) => Record<string, unknown>,
  http: { streamable?: boolean; sse?: boolean } = {},
): RealServers {
  let manager: McpManager | undefined;
  let workspace = '';
  let folder = '';
  const servers: RealServers = {
    get manager() {
      if (!manager) throw new Error('the MCP manager starts in beforeAll');
      return manager;
    },
    get workspace() {
      return workspace;
    },
    get folder() {
      return folder;
    },
    asked: [],
    records: [],
    urls: [],
    changes: [],
    answerForm: async () => ({ action: 'decline' }),
    tool(name) {
      const tools = servers.manager.tools();
      const found = tools.find((t) => t.name === name);
      if (!found) throw new Error(`no tool ${name}: ${tools.map((t) => t.name).join(', ')}`);
      return found;
    },
    context(signal = new AbortController().signal, updates: string[] = []) {
      return {
        signal,
        workspaceRoot: workspace,
        toolCallId: 'call_1',
        person: allowAll,
        onUpdate: (update) => updates.push(update.text),
      };
    },
    async run(name, input, ctx = servers.context()) {
      const t = servers.tool(name);
      const parsed = t.inputSchema.safeParse(input);
      if (!parsed.success) throw new Error(parsed.error.message);
      return t.execute(parsed.data, ctx);
    },
  };

  const person = answerAtOnce({
    form: ({ payload, signal }) => {
      servers.asked.push(payload);
      return servers.answerForm(payload, signal);
    },
    url: async ({ payload }) => {
      servers.urls.push(payload);
      return { action: 'decline' };
    },
  });

  beforeAll(async () => {
    const [httpServer, sseServer] = await Promise.all([
      http.streamable ? startEverythingHttp() : undefined,
      http.sse ? startEverythingHttp('sse') : undefined,
    ]);
    const home = tempDir('mcp-home-');
    workspace = tempDir('mcp-ws-');
    folder = tempDir('mcp-folder-');
    fs.writeFileSync(path.join(workspace, 'notes.txt'), 'first line\nsecond line\n');
    fs.mkdirSync(path.join(workspace, 'sub'));
    fs.writeFileSync(path.join(folder, 'other.txt'), 'not in the workspace\n');
    const places = { folder, httpUrl: httpServer?.url ?? '', sseUrl: sseServer?.url ?? '' };
    writeJson(path.join(home, 'config.json'), { mcpServers: mcpServers(places) });
    manager = startMcp({
      agentHome: home,
      workspace,
      person,
      onElicitation: (record) => servers.records.push(record),
      onChange: (list) => servers.changes.push(list),
      env: {
        ...process.env,
        TEST_MCP_TOKEN: 'secret-token-value',
        TEST_MCP_SECRET: 'hush-hush-value',
      },
    });
    // Starting returns at once, before any server is connected.
    expect(manager.tools()).toEqual([]);
    await manager.ready();
  }, 40_000);

  afterAll(async () => {
    await manager?.close();
    await stopHttpServers();
  });

  return servers;
}
