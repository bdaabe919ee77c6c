import fs from 'node:fs';
import path from 'node:path';
import type {
  ElicitationRecord,
  McpAgentTool,
  McpManager,
  McpServerStatus,
  ServerConfig,
} from '@agent/mcp';
import type { SessionEventInput } from '@agent/session';
import type { AgentSessionOptions } from '../session/agent-session-options';
import {
  refuseAtOnce,
  type AnyPersonRequest,
  type PersonAnswer,
  type PersonChannel,
  type PersonRequest,
  type PersonRequestKind,
  type Tool,
} from '@agent/tools';

/** How a session runs its MCP servers. */
export interface McpSessionOptions {
  /**
   * `true`: start the workspace's `.mcp.json` servers without asking (headless `--trust-mcp`).
   * `false`: never start them, even when the person trusted this configuration in the REPL
   * (headless without the flag). Absent: the trust the person gave decides (the REPL).
   */
  trustWorkspace?: boolean;
  /** Servers the client configured (an editor's), trusted: scope `client` (see startMcp). */
  clientServers?: readonly ServerConfig[];
  /** Time each server has to start (default 30 s). */
  connectTimeoutMs?: number;
  /**
   * `when-used`: a server whose tools are remembered connects only when first used (a run
   * with one prompt: headless). Default `at-once` (see StartMcpOptions.handshake).
   */
  handshake?: 'at-once' | 'when-used';
  /** Where `${VAR}` references expand from (default the process environment). */
  env?: NodeJS.ProcessEnv;
}

export interface McpLinkEvents {
  onServers(servers: McpServerStatus[], configErrors: string[]): void;
  onElicitation(record: ElicitationRecord): void;
}

/**
 * A session's MCP servers: started at once in the background (never awaited before a prompt);
 * their tools for the primary agent and for subagents, read afresh for every request. Servers'
 * questions go through the session's person channel (declined at once where it answers no
 * forms), named after the primary agent's call they came during; questions from a server that
 * only a subagent is calling are declined at once, since a subagent cannot ask the person anything.
 */
export class McpLink {
  readonly manager: McpManager;
  /** Calls in progress per server, by who made them (their ids). */
  private readonly calls = {
    primary: new Map<string, string[]>(),
    subagent: new Map<string, string[]>(),
  };

  constructor(
    agentHome: string,
    workspace: string,
    options: McpSessionOptions,
    person: PersonChannel,
    events: McpLinkEvents,
  ) {
    // Loaded only when servers are configured: the SDK, zod and ajv are heavy for a plain run.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startMcp } = require('@agent/mcp') as typeof import('@agent/mcp');
    this.manager = startMcp({
      agentHome,
      workspace,
      ...(options.trustWorkspace !== undefined ? { trustOverride: options.trustWorkspace } : {}),
      person: this.guarded(person),
      onChange: (servers, configErrors) => events.onServers(servers, configErrors),
      onElicitation: (record) => events.onElicitation(record),
      ...(options.clientServers ? { clientServers: options.clientServers } : {}),
      ...(options.connectTimeoutMs !== undefined
        ? { connectTimeoutMs: options.connectTimeoutMs }
        : {}),
      ...(options.handshake ? { handshake: options.handshake } : {}),
      ...(options.env ? { env: options.env } : {}),
    });
  }

  /** The connected servers' tools for the primary agent. */
  primaryTools(): Tool[] {
    return this.manager.tools().map((tool) => this.counted(tool, this.calls.primary));
  }

  /** The connected servers' tools for a subagent (their questions are declined). */
  subagentTools(): Tool[] {
    return this.manager.tools().map((tool) => this.counted(tool, this.calls.subagent));
  }

  private counted(tool: McpAgentTool, calls: Map<string, string[]>): Tool {
    const server = tool.mcp.server;
    const execute: Tool['execute'] = async (input, ctx) => {
      const running = calls.get(server) ?? [];
      calls.set(server, [...running, ctx.toolCallId]);
      try {
        return await tool.execute(input as Record<string, unknown>, ctx);
      } finally {
        const left = [...(calls.get(server) ?? [])];
        left.splice(left.indexOf(ctx.toolCallId), 1);
        calls.set(server, left);
      }
    };
    // The prototype keeps the tool's own properties (getters included); only execute differs.
    return Object.assign(Object.create(tool) as Tool, { execute });
  }

  private subagentOnly(server: string): boolean {
    return (
      (this.calls.subagent.get(server)?.length ?? 0) > 0 &&
      (this.calls.primary.get(server)?.length ?? 0) === 0
    );
  }

  private guarded(person: PersonChannel): PersonChannel {
    return {
      canAnswer: (kind) => person.canAnswer(kind),
      ask: async <K extends PersonRequestKind>(request: PersonRequest<K>) => {
        const any = request as AnyPersonRequest;
        if (any.kind !== 'form' && any.kind !== 'url') return person.ask(request);
        const server = any.payload.server;
        if (this.subagentOnly(server)) return refuseAtOnce(any) as PersonAnswer<K>;
        // The primary agent's call this question came during, when one call to the server runs.
        const [only, ...more] = this.calls.primary.get(server) ?? [];
        if (only === undefined || more.length > 0 || request.toolCallId) return person.ask(request);
        return person.ask({ ...request, toolCallId: only });
      },
    };
  }
}

/**
 * Starts the session's MCP servers (none when MCP is off or no server is configured), first
 * thing, so that they connect while the rest of the session is set up; `record` writes a
 * server's question and its answer into the session file.
 */
export function startSessionMcp(
  options: AgentSessionOptions,
  record: (event: SessionEventInput) => void,
): McpLink | undefined {
  if (options.mcp === false) return undefined;
  if (
    !options.mcp?.clientServers?.length &&
    !mcpConfigured(options.agentHome, options.workspaceRoot)
  )
    return undefined;
  return new McpLink(options.agentHome, options.workspaceRoot, options.mcp ?? {}, options.person, {
    onServers: (servers, configErrors) =>
      options.onEvent({ type: 'mcp_servers', servers, configErrors }),
    onElicitation: (elicitation) => {
      record(elicitationEvent(elicitation));
      options.onEvent({ type: 'elicitation', record: elicitation });
    },
  });
}

/**
 * Whether any MCP server is configured: `mcpServers` entries in `$AGENT_HOME/config.json`, or a
 * workspace `.mcp.json` (trusted or not: an untrusted one is still reported). A file that cannot
 * be read counts as configured, so the MCP client reports the problem.
 */
export function mcpConfigured(agentHome: string, workspace: string): boolean {
  if (fs.existsSync(path.join(workspace, '.mcp.json'))) return true;
  let text: string;
  try {
    text = fs.readFileSync(path.join(agentHome, 'config.json'), 'utf8');
  } catch {
    return false;
  }
  if (!text.includes('mcpServers')) return false;
  try {
    const servers = (JSON.parse(text) as { mcpServers?: unknown }).mcpServers;
    return typeof servers !== 'object' || servers === null || Object.keys(servers).length > 0;
  } catch {
    return true;
  }
}

/** One elicitation exchange as a session event: the questions with their answers, no more. */
export function elicitationEvent(record: ElicitationRecord): SessionEventInput {
  const note = record.note !== undefined ? { note: record.note } : {};
  if (record.mode === 'url') {
    return {
      type: 'elicitation',
      server: record.server,
      mode: 'url',
      message: record.message,
      url: record.url,
      action: record.action,
      ...note,
    };
  }
  const content = record.content ?? {};
  return {
    type: 'elicitation',
    server: record.server,
    mode: 'form',
    message: record.questionnaire.message,
    action: record.action,
    fields: record.questionnaire.questions.map((question) => ({
      key: question.key,
      question: question.question,
      answer: record.action === 'accept' ? (content[question.key] ?? null) : null,
    })),
    ...note,
  };
}
