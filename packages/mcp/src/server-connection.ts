import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool as McpToolInfo } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from './config';
import { handleElicitation, type ElicitationDeps } from './elicitation-handler';
import { expandList, expandRecord, expandVariables, redactValues } from './env-expand';
import { boundedFetch } from './message-limit';
import { stderrExcerpt } from './stderr-excerpt';
import { ProcessGroupStdioTransport } from './stdio-transport';
import { defaultServerEnvironment, sdkClient, sdkSse, sdkStreamableHttp, sdkTypes } from './sdk';
import type { McpCallResult } from './tool-result';

export type { McpToolInfo };

/** Where a server stands. `disabled-untrusted`: a workspace server waiting for trust. */
export type ServerState =
  'connecting' | 'connected' | 'failed' | 'disabled' | 'disabled-untrusted' | 'closed';

export interface ConnectionOptions {
  config: ServerConfig;
  /** Real path of the workspace: the servers' working directory and the advertised root. */
  workspace: string;
  env: NodeJS.ProcessEnv;
  connectTimeoutMs: number;
  /** Longest a tool call may go without progress. */
  callTimeoutMs: number;
  killGraceMs?: number;
  elicitation: ElicitationDeps;
  /** State or tools changed. */
  onChange: () => void;
  /** What the server listed when it last connected (see ToolLists), offered while it connects. */
  remembered?: McpToolInfo[];
  /**
   * With a remembered list: the process starts at once, but the handshake (where the MCP SDK
   * loads) waits for the server's first use (`use()`: a call to one of its tools, `ready()`).
   */
  handshakeWhenUsed?: boolean;
}

const CLIENT_INFO = { name: 'agent', version: '0.1.0' };

/** One configured server: its connection, state, tools and in-flight calls. */
export class ServerConnection {
  state: ServerState = 'connecting';
  error: string | undefined;
  tools: McpToolInfo[] = [];
  /** How the server is reached: stdio, or http once it answered (sse after the fallback). */
  transportKind: 'stdio' | 'http' | 'sse';
  private client: Client | undefined;
  private transport: Transport | undefined;
  private lifetime = new AbortController();
  /** Values substituted from the environment: never shown, redacted from errors. */
  private secrets = new Set<string>();
  /** Signals of calls in progress: an elicitation made during a call ends with it. */
  readonly inflight = new Set<AbortSignal>();
  private attempt = 0;
  /** Why this attempt's connection was closed from our side (a message past the limit). */
  private failure: string | undefined;

  constructor(readonly options: ConnectionOptions) {
    this.transportKind = options.config.transport;
  }

  get name(): string {
    return this.options.config.name;
  }

  /** The server process id (stdio servers that started). */
  get pid(): number | undefined {
    return this.transport instanceof ProcessGroupStdioTransport ? this.transport.pid : undefined;
  }

  /** The attempt to connect in progress, or the last one. */
  private connecting: Promise<void> = Promise.resolve();

  /**
   * The tools the model may be offered now: the listed ones once connected; while connecting,
   * the ones the server listed last time, if remembered (a call to one waits for the connection).
   */
  get offeredTools(): McpToolInfo[] {
    if (this.state === 'connected') return this.tools;
    // Not before the first attempt: a workspace server waiting on the trust check offers nothing.
    if (this.state === 'connecting' && this.attempt > 0) return this.options.remembered ?? [];
    return [];
  }

  /** Connects and lists tools within the time limit. Never throws: failures become `failed`. */
  connect(): Promise<void> {
    this.connecting = this.attemptToConnect();
    return this.connecting;
  }

  private async attemptToConnect(): Promise<void> {
    const attempt = ++this.attempt;
    this.failure = undefined;
    this.lifetime = new AbortController();
    this.setState('connecting', undefined);
    // A timer that holds the process open (AbortSignal.timeout's does not): while a server is
    // connecting, the wait for it is what keeps a run alive. It counts from the handshake: a
    // server waiting for its first use is not late, and keeps nothing alive.
    const timeout = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = AbortSignal.any([this.lifetime.signal, timeout.signal]);
    const lifetime = this.lifetime.signal;
    const handshake = async (): Promise<void> => {
      await this.firstUse(lifetime);
      timer = setTimeout(() => timeout.abort(), this.options.connectTimeoutMs);
    };
    try {
      await this.open(deadline, handshake);
      const tools = await this.listAllTools(deadline);
      if (attempt !== this.attempt) return;
      this.tools = tools;
      this.setState('connected', undefined);
    } catch (error) {
      if (attempt !== this.attempt) return;
      const transport = this.transport;
      await this.dropTransport();
      if (attempt !== this.attempt) return;
      // Read once the process is gone: its last words may arrive after the failure did.
      const stderr = this.stderrTail(transport);
      const reason = this.lifetime.signal.aborted
        ? 'closed while connecting'
        : deadline.aborted
          ? `no answer within ${this.options.connectTimeoutMs / 1000} s`
          : (this.failure ?? exitedEarly(transport, error) ?? describeError(error));
      this.setState('failed', this.redact(stderr ? `${reason}\n${stderr}` : reason));
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  private usedOnce = false;
  private waitingForUse: (() => void) | undefined;

  /** The server is needed now: a handshake held for its first use (`handshakeWhenUsed`) starts. */
  use(): void {
    this.usedOnce = true;
    const go = this.waitingForUse;
    this.waitingForUse = undefined;
    go?.();
  }

  /** Resolves at once, or, for a handshake held for the first use, once `use()` is called. */
  private firstUse(signal: AbortSignal): Promise<void> {
    const held = this.options.handshakeWhenUsed === true && this.options.remembered !== undefined;
    if (!held || this.usedOnce) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waitingForUse = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
    });
  }

  /** Calls a tool; aborting `signal` cancels the request on the server. */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    onProgress?: (progress: number, total?: number) => void,
  ): Promise<McpCallResult> {
    // A remembered tool may be called before the server is up: the call waits for it.
    if (this.state === 'connecting') {
      this.use();
      await this.connected(signal);
    }
    const client = this.client;
    if (!client || this.state !== 'connected') {
      const why = this.error ? `: ${this.error.split('\n')[0]}` : '';
      throw new Error(`MCP server "${this.name}" is not connected (${this.state}${why})`);
    }
    if (!this.tools.some((tool) => tool.name === name)) {
      const offered = this.tools.map((tool) => tool.name).join(', ') || 'none';
      throw new Error(
        `the server no longer offers the tool "${name}" (it did when it last connected); ` +
          `its tools now: ${offered}`,
      );
    }
    // One entry per call, even when calls share their turn's signal.
    const callSignal = AbortSignal.any([signal]);
    this.inflight.add(callSignal);
    try {
      const { CallToolResultSchema } = sdkTypes();
      return (await client.callTool({ name, arguments: args }, CallToolResultSchema, {
        signal,
        timeout: this.options.callTimeoutMs,
        resetTimeoutOnProgress: true,
        ...(onProgress
          ? {
              onprogress: (p: { progress: number; total?: number }) =>
                onProgress(p.progress, p.total),
            }
          : {}),
      })) as McpCallResult;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const { ErrorCode, McpError } = sdkTypes();
      if (error instanceof McpError && error.code === Number(ErrorCode.RequestTimeout)) {
        const seconds = this.options.callTimeoutMs / 1000;
        throw new Error(
          `the MCP server did not answer within ${seconds} s (no result, no progress)`,
          { cause: error },
        );
      }
      throw new Error(this.redact(this.failure ?? describeError(error)), { cause: error });
    } finally {
      this.inflight.delete(callSignal);
    }
  }

  /** Waits for the attempt to connect in progress to end, or rejects when `signal` aborts. */
  private async connected(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    let onAbort = (): void => undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([this.connecting, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Requests still waiting for the server's answer (0 when nothing is pending). */
  pendingRequests(): number {
    const handlers = (this.client as unknown as { _responseHandlers?: Map<unknown, unknown> })
      ?._responseHandlers;
    return handlers?.size ?? 0;
  }

  /**
   * Closes the connection and stops the server process; the state becomes `closed`. With `wait:
   * false` the process is ended in the background (see ProcessGroupStdioTransport.close).
   */
  async close(state: ServerState = 'closed', options: { wait?: boolean } = {}): Promise<void> {
    this.attempt++;
    this.lifetime.abort(new Error('closed'));
    await this.dropTransport(options.wait ?? true);
    this.tools = [];
    this.setState(state, state === 'closed' ? undefined : this.error);
  }

  /**
   * Closes the connection of `transport` because of what its server sent: pending requests fail,
   * the state becomes `failed` with `reason`, the process goes. A stale transport is ignored.
   */
  private failWith(transport: () => Transport | undefined, reason: string): void {
    const current = transport();
    if (this.failure !== undefined || !current || current !== this.transport) return;
    this.failure = reason;
    void this.client?.close();
  }

  markDisabled(state: 'disabled' | 'disabled-untrusted'): void {
    this.setState(state, undefined);
  }

  /** Starts the server (a stdio process at once), then `handshake()`, then connects. */
  private async open(signal: AbortSignal, handshake: () => Promise<void>): Promise<void> {
    const { config } = this.options;
    if (config.transport === 'stdio') {
      const command = expandVariables(config.command, this.options.env, this.secrets);
      const args = expandList(config.args, this.options.env, this.secrets);
      const env = expandRecord(config.env, this.options.env, this.secrets);
      for (const value of Object.values(env)) this.secrets.add(value);
      const transport: ProcessGroupStdioTransport = new ProcessGroupStdioTransport({
        command,
        args,
        env: { ...defaultServerEnvironment(), ...env },
        cwd: config.cwd ? path.resolve(this.options.workspace, config.cwd) : this.options.workspace,
        killGraceMs: this.options.killGraceMs,
        onTooLarge: (reason) => this.failWith(() => transport, reason),
      });
      // Started before the SDK loads (in connectWith): the server boots meanwhile. A failure to
      // start is reported by the client's own start, which gets this same promise.
      transport.start().catch(() => undefined);
      // The SDK loads on a later turn of the event loop: whoever started the server (startMcp,
      // synchronously) goes on loading meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
      await handshake();
      await this.connectWith(transport, signal);
      return;
    }
    await handshake();
    const url = new URL(expandVariables(config.url, this.options.env, this.secrets));
    const headers = expandRecord(config.headers, this.options.env, this.secrets);
    for (const value of Object.values(headers)) this.secrets.add(value);
    const requestInit = { headers };
    // Each transport's responses are bounded; past the limit, that transport's connection closes.
    const bounded = (make: (fetch: FetchLike) => Transport): Transport => {
      const transport: Transport = make(
        boundedFetch((reason) => this.failWith(() => transport, reason)),
      );
      return transport;
    };
    if (config.transport === 'sse') {
      await this.connectWith(
        bounded((fetch) => new (sdkSse().SSEClientTransport)(url, { requestInit, fetch })),
        signal,
      );
      return;
    }
    try {
      await this.connectWith(
        bounded(
          (fetch) =>
            new (sdkStreamableHttp().StreamableHTTPClientTransport)(url, { requestInit, fetch }),
        ),
        signal,
      );
      this.transportKind = 'http';
    } catch (error) {
      if (signal.aborted) throw error;
      // Servers of the older protocol answer streamable HTTP with an error: try SSE.
      await this.dropTransport();
      try {
        await this.connectWith(
          bounded((fetch) => new (sdkSse().SSEClientTransport)(url, { requestInit, fetch })),
          signal,
        );
        this.transportKind = 'sse';
      } catch (sseError) {
        if (signal.aborted) throw sseError;
        throw new Error(
          `streamable HTTP: ${describeError(error)}; SSE: ${describeError(sseError)}`,
          { cause: sseError },
        );
      }
    }
  }

  private async connectWith(transport: Transport, signal: AbortSignal): Promise<void> {
    const { ElicitRequestSchema, ListRootsRequestSchema } = sdkTypes();
    const client = new (sdkClient().Client)(CLIENT_INFO, {
      capabilities: { elicitation: { form: {}, url: {} }, roots: { listChanged: false } },
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (client !== this.client || error || !tools) return;
            this.tools = tools;
            this.options.onChange();
          },
        },
      },
    });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [
        {
          uri: pathToFileURL(this.options.workspace).href,
          name: path.basename(this.options.workspace) || this.options.workspace,
        },
      ],
    }));
    client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
      handleElicitation(
        this.name,
        request.params,
        [extra.signal, this.lifetime.signal, ...this.inflight],
        this.options.elicitation,
      ),
    );
    client.onclose = () => {
      if (client !== this.client || this.state !== 'connected') return;
      const stderr = this.stderrTail();
      this.tools = [];
      const why = this.failure ?? 'the server closed the connection';
      this.setState('failed', this.redact(`${why}${stderr ? `\n${stderr}` : ''}`));
    };
    this.client = client;
    this.transport = transport;
    await client.connect(transport, { signal, timeout: this.options.connectTimeoutMs });
  }

  private async listAllTools(signal: AbortSignal): Promise<McpToolInfo[]> {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const result = await this.client!.listTools(cursor ? { cursor } : undefined, { signal });
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return tools;
  }

  /** Shutdowns under way: a second close waits for the first instead of returning early. */
  private shutdowns = new Set<Promise<void>>();

  private async dropTransport(wait = true): Promise<void> {
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    this.transport = undefined;
    if (!wait && transport instanceof ProcessGroupStdioTransport) {
      // Told to end first: the client's own close (which waits for it) then runs unawaited.
      await transport.close({ wait: false });
    }
    if (client || transport) {
      const shutdown = shutDown(client, transport);
      this.shutdowns.add(shutdown);
      void shutdown.finally(() => this.shutdowns.delete(shutdown));
    }
    if (wait) await Promise.all([...this.shutdowns]);
  }

  private stderrTail(transport = this.transport): string {
    if (!(transport instanceof ProcessGroupStdioTransport)) return '';
    const excerpt = stderrExcerpt(transport.stderr);
    return excerpt ? `stderr: ${excerpt}` : '';
  }

  /** `text` with the values substituted into env, headers and URL replaced by `***`. */
  redact(text: string): string {
    return redactValues(text, this.secrets);
  }

  private setState(state: ServerState, error: string | undefined): void {
    this.state = state;
    this.error = error;
    this.options.onChange();
  }
}

async function shutDown(
  client: Client | undefined,
  transport: Transport | undefined,
): Promise<void> {
  try {
    if (client) await client.close();
    else await transport?.close();
  } catch {
    // Closing a broken connection may fail; the process is still stopped below.
  }
  if (transport instanceof ProcessGroupStdioTransport) await transport.close();
}

/** A stdio server whose process ended on its own and so lost the connection: that, and how. */
function exitedEarly(transport: Transport | undefined, error: unknown): string | undefined {
  if (!(transport instanceof ProcessGroupStdioTransport) || !transport.exitStatus) return undefined;
  const lost =
    (error instanceof sdkTypes().McpError &&
      error.code === Number(sdkTypes().ErrorCode.ConnectionClosed)) ||
    (error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
  return lost ? `the server process exited while starting (${transport.exitStatus})` : undefined;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
