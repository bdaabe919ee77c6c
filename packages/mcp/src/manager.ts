import fs from 'node:fs';
import path from 'node:path';
import type { PersonChannel } from '@agent/tools';
import { loadServerConfigs, type ServerConfig, type ServerScope } from './config';
import type { ElicitationRecord } from './elicitation-handler';
import { toolsOf, type McpAgentTool } from './mcp-tool';
import { ServerConnection, type ServerState } from './server-connection';
import { ToolLists } from './tool-lists';
import { createTrustStore, type TrustState, type TrustStore } from './trust-store';
import { entryVariables, trustSubject, type TrustSubject } from './trust-subject';

export interface StartMcpOptions {
  /** `$AGENT_HOME`: `config.json` (user servers) and the trust store. */
  agentHome: string;
  /** The workspace: its `.mcp.json`, the servers' working directory, the advertised root. */
  workspace: string;
  /**
   * `true`: start the workspace's servers without asking (headless `--trust-mcp`), not
   * remembered. `false`: never start them, whatever was trusted before (headless without the
   * flag). Absent: the trust the person gave this workspace's configuration decides (the REPL).
   */
  trustOverride?: boolean;
  /**
   * The person channel servers' questions go through (the REPL's); without it, or where it does
   * not answer forms, every elicitation is declined at once.
   */
  person?: PersonChannel;
  /**
   * Called whenever a server's state or tools change, and once configuration is read (with the
   * problems met reading it, as `configErrors()` returns them).
   */
  onChange?: (servers: McpServerStatus[], configErrors: string[]) => void;
  /**
   * Servers the client that started the agent configured (an editor's `mcpServers`), scope
   * `client`: trusted, and replacing a configured server of the same name.
   */
  clientServers?: readonly ServerConfig[];
  /** Each elicitation exchange, to record in the session. */
  onElicitation?: (record: ElicitationRecord) => void;
  /**
   * `when-used`: a server whose tool list is remembered starts its process at once but connects
   * (the MCP SDK loads) only when first used: a call to one of its tools, `ready()` or a
   * reconnect. For a run with one prompt (headless), which a server nobody calls need not slow.
   * Default `at-once`.
   */
  handshake?: 'at-once' | 'when-used';
  /** Aborting it closes every server, as `close()` does. */
  signal?: AbortSignal;
  /** Time each server has to start and list its tools (default 30 s). */
  connectTimeoutMs?: number;
  /** Longest a tool call may go without progress (default 10 min). */
  callTimeoutMs?: number;
  /** Where `${VAR}` references are read from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Grace between SIGTERM and SIGKILL (default 1 s); closing stdin waits at most 250 ms of it. */
  killGraceMs?: number;
  trustStore?: TrustStore;
}

/** A server as `/mcp` lists it. Holds no environment or header values. */
export interface McpServerStatus {
  name: string;
  scope: ServerScope;
  transport: 'stdio' | 'http' | 'sse';
  /** The command line or URL as configured (references unexpanded). */
  target: string;
  state: ServerState;
  /** Why it failed (with the end of its stderr), for `failed`. */
  error?: string;
  /** Agent tool names, for `connected`. */
  tools: string[];
  /** Process id of a running stdio server. */
  pid?: number;
  /** For `disabled-untrusted`: the workspace was trusted, but its `.mcp.json` changed since. */
  configChanged?: boolean;
  /**
   * For `disabled-untrusted` after a change: what changed since the trust (`.mcp.json changed`,
   * `server.js changed`, `it expands OPENAI_API_KEY, which you did not see when you trusted it`).
   */
  trustChanges?: string[];
  /** The environment variables the entry expands into what it starts or sends (`OPENAI_API_KEY`). */
  variables: string[];
}

/**
 * The MCP servers of one agent session. Starting returns at once: configuration is read and
 * every server connects in the background, in parallel, each within its time limit; tools
 * appear in `tools()` as servers connect. A failing server is recorded and skipped.
 */
export class McpManager {
  private connections = new Map<string, ServerConnection>();
  private errors: string[] = [];
  private closed = false;
  private readonly started: Promise<void>;
  private readonly trustStore: TrustStore;
  private readonly toolLists: ToolLists;
  private workspaceReal = '';
  /** Digest of the workspace configuration read at start: what `/mcp trust` trusts. */
  private workspaceDigest = '';
  private trust: TrustState = 'untrusted';
  /** The programs and variables of the workspace's entries read at start: trusted with the digest. */
  private subject: TrustSubject = { programs: {}, variables: [] };
  private trustChanges: string[] = [];

  constructor(private readonly options: StartMcpOptions) {
    this.trustStore = options.trustStore ?? createTrustStore(options.agentHome);
    this.toolLists = new ToolLists(options.agentHome);
    if (options.signal?.aborted) this.closed = true;
    options.signal?.addEventListener('abort', () => void this.close(), { once: true });
    this.started = this.start();
  }

  /** Resolves once every server has connected, failed or been left disabled. */
  async ready(): Promise<void> {
    await this.started;
    for (const connection of this.connections.values()) connection.use();
    await Promise.all([...this.connections.values()].map((c) => this.pending.get(c)));
  }

  /**
   * Resolves once the tools of every server are known: it connected, failed or was left
   * disabled, or it is still connecting with the tools it listed last time remembered (a call
   * to one waits for it). What a run waits for before its first request.
   */
  async toolsKnown(): Promise<void> {
    await this.started;
    await Promise.all(
      [...this.connections.values()]
        .filter((connection) => !connection.options.remembered)
        .map((connection) => this.pending.get(connection)),
    );
  }

  /** The tools of the connected servers, and the remembered ones of those still connecting. */
  tools(): McpAgentTool[] {
    return [...this.connections.values()].flatMap((connection) => toolsOf(connection));
  }

  servers(): McpServerStatus[] {
    return [...this.connections.values()].map((connection) => this.statusOf(connection));
  }

  /** Problems reading the configuration files (each bad file or entry was skipped). */
  configErrors(): string[] {
    return [...this.errors];
  }

  /** Stops the server if it runs and connects it again. Untrusted servers stay disabled. */
  async reconnect(name: string): Promise<McpServerStatus> {
    await this.started;
    const connection = this.connections.get(name);
    if (!connection) throw new Error(`no MCP server named "${name}"`);
    if (this.closed) throw new Error('MCP servers are closed');
    if (connection.state === 'disabled-untrusted' || connection.options.config.disabled) {
      return this.statusOf(connection);
    }
    connection.use();
    await connection.close('connecting');
    await this.connect(connection);
    return this.statusOf(connection);
  }

  /**
   * Whether the workspace's `.mcp.json` servers may start: its present configuration was trusted
   * (or trust is overridden).
   */
  async workspaceTrusted(): Promise<boolean> {
    await this.started;
    return this.trust === 'trusted';
  }

  /**
   * Remembers the workspace's configuration, as read at start, as trusted and starts its
   * servers. A later change to the file holds them back again.
   */
  async trustWorkspace(): Promise<void> {
    await this.started;
    await this.trustStore.trust(this.workspaceReal, this.workspaceDigest, this.subject);
    this.trustChanges = [];
    this.trust = 'trusted';
    await Promise.all(
      [...this.connections.values()]
        .filter((connection) => connection.state === 'disabled-untrusted')
        .map((connection) => this.connect(connection)),
    );
  }

  /**
   * Stops every server: stdio processes (and their process groups) are gone when it resolves.
   * With `wait: false` it resolves once they were told to end (stdin closed), and they are ended
   * in the background, bounded (SIGTERM, then SIGKILL), on timers that do not keep the process
   * alive; a process that exits first kills what is left as it exits.
   */
  async close(options: { wait?: boolean } = {}): Promise<void> {
    this.closed = true;
    await this.started;
    await Promise.all([...this.connections.values()].map((c) => c.close('closed', options)));
    await this.toolLists.written();
  }

  private pending = new WeakMap<ServerConnection, Promise<void>>();

  /**
   * Reads the configuration and, before returning, starts every server that needs no trust
   * decision (the user's and the client's, and the workspace's when trust is overridden to
   * `true`): their processes boot while the caller goes on loading. The workspace's other servers
   * wait for the trust check, which reads and hashes files.
   */
  private start(): Promise<void> {
    const workspace = realPathOr(path.resolve(this.options.workspace));
    this.workspaceReal = workspace;
    const loaded = loadServerConfigs(this.options.agentHome, workspace);
    this.errors = loaded.errors;
    this.workspaceDigest = loaded.workspaceDigest;
    for (const config of [...loaded.servers, ...(this.options.clientServers ?? [])]) {
      this.connections.set(config.name, this.createConnection(config));
    }
    const untrusted: ServerConnection[] = [];
    for (const connection of this.connections.values()) {
      const { config } = connection.options;
      if (this.closed) void connection.close();
      else if (config.disabled) connection.markDisabled('disabled');
      else if (config.scope === 'workspace' && this.options.trustOverride !== true) {
        untrusted.push(connection);
      } else void this.connect(connection);
    }
    return this.finishStart(loaded.servers, untrusted);
  }

  /**
   * Announces the servers' first states, all at once, so a listener sees the whole picture (all
   * the untrusted servers together), never a server still pretending to connect: at once when
   * no server waits on the trust check, else once it is done and the trusted ones are started.
   */
  private async finishStart(
    servers: readonly ServerConfig[],
    waiting: readonly ServerConnection[],
  ): Promise<void> {
    // Never from inside startMcp: a listener may not be ready before it has returned.
    await Promise.resolve();
    if (waiting.length === 0) this.announce();
    this.subject = await trustSubject(servers, this.workspaceReal);
    this.trust = await this.readTrust();
    if (waiting.length === 0) return;
    const trusted = waiting.filter((connection) => {
      if (this.closed) void connection.close();
      else if (this.trust !== 'trusted') connection.markDisabled('disabled-untrusted');
      return !this.closed && this.trust === 'trusted';
    });
    this.announce();
    for (const connection of trusted) void this.connect(connection);
  }

  private announce(): void {
    this.starting = false;
    this.notify();
  }

  /** Set during `start()`: state changes are announced once, when it is done. */
  private starting = true;

  private async readTrust(): Promise<TrustState> {
    if (this.options.trustOverride !== undefined) {
      return this.options.trustOverride ? 'trusted' : 'untrusted';
    }
    try {
      const check = await this.trustStore.trustCheck(
        this.workspaceReal,
        this.workspaceDigest,
        this.subject,
      );
      this.trustChanges = check.changes;
      return check.state;
    } catch {
      return 'untrusted';
    }
  }

  private connect(connection: ServerConnection): Promise<void> {
    if (this.closed) return Promise.resolve();
    const done = connection.connect().then(async () => {
      // Closed while connecting: make sure nothing keeps running.
      if (this.closed) await connection.close();
      else if (connection.state === 'connected') {
        this.toolLists.remember(connection.options.config, this.workspaceReal, connection.tools);
      }
    });
    this.pending.set(connection, done);
    return done;
  }

  private createConnection(config: ServerConfig): ServerConnection {
    return new ServerConnection({
      config,
      workspace: this.workspaceReal,
      env: this.options.env ?? process.env,
      connectTimeoutMs: this.options.connectTimeoutMs ?? 30_000,
      callTimeoutMs: this.options.callTimeoutMs ?? 600_000,
      killGraceMs: this.options.killGraceMs,
      remembered: this.toolLists.remembered(config, this.workspaceReal),
      handshakeWhenUsed: this.options.handshake === 'when-used',
      elicitation: {
        person: () => this.options.person,
        onRecord: this.options.onElicitation,
      },
      onChange: () => this.notify(),
    });
  }

  private statusOf(connection: ServerConnection): McpServerStatus {
    const { config } = connection.options;
    const target =
      config.transport === 'stdio' ? [config.command, ...config.args].join(' ') : config.url;
    const pid = connection.state === 'connected' ? connection.pid : undefined;
    return {
      name: connection.name,
      scope: config.scope,
      transport: connection.transportKind,
      target,
      state: connection.state,
      ...(connection.error ? { error: connection.error } : {}),
      tools: connection.state === 'connected' ? toolsOf(connection).map((tool) => tool.name) : [],
      ...(pid !== undefined ? { pid } : {}),
      variables: entryVariables(config),
      ...(connection.state === 'disabled-untrusted' && this.trust === 'changed'
        ? { configChanged: true, trustChanges: [...this.trustChanges] }
        : {}),
    };
  }

  private notify(): void {
    if (this.starting) return;
    if (!this.options.onChange || (this.connections.size === 0 && !this.errors.length)) return;
    try {
      this.options.onChange(this.servers(), this.configErrors());
    } catch {
      // A listener's failure must not break a server's lifecycle.
    }
  }
}

/**
 * Starts the MCP servers of `$AGENT_HOME/config.json` and the workspace's `.mcp.json` (the latter
 * only when trusted) and returns at once. See {@link McpManager}.
 */
export function startMcp(options: StartMcpOptions): McpManager {
  return new McpManager(options);
}

/** The real path of `file`, or `file` itself when it cannot be resolved (a missing workspace
 * still lists the user's servers). */
function realPathOr(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}
