import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool as McpToolInfo } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from './config';
import { handleElicitation, type ElicitationDeps } from './elicitation-handler';
import { redactValues } from './env-expand';
import { FirstUseGate } from './first-use-gate';
import { describeError, openTransport } from './open-transport';
import { stderrExcerpt } from './stderr-excerpt';
import { ProcessGroupStdioTransport } from './stdio-transport';
import { sdkClient, sdkTypes } from './sdk';
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
  private readonly gate: FirstUseGate;

  constructor(readonly options: ConnectionOptions) {
    this.transportKind = options.config.transport;
    this.gate = new FirstUseGate(
      options.handshakeWhenUsed === true && options.remembered !== undefined,
    );
  }

  get name(): string {
    return this.options.config.name;
  }

  /** The server process id (stdio servers that started). */
  get pid(): number | undefined {
    return this.transport instanceof ProcessGroupStdioTransport ? this.transport.pid : undefined;
  }

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
    this.gate.connecting = this.attemptToConnect();
    return this.gate.connecting;
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
      await this.gate.firstUse(lifetime);
      timer = setTimeout(() => timeout.abort(), this.options.connectTimeoutMs);
    };
    try {
      this.transportKind = await openTransport(
        {
          ...this.options,
          secrets: this.secrets,
          connectWith: (transport, signal) => this.connectWith(transport, signal),
          dropTransport: () => this.dropTransport(),
          failWith: (transport, reason) => this.failWith(transport, reason),
        },
        deadline,
        handshake,
      );
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

  /** The server is needed now: a handshake held for its first use (`handshakeWhenUsed`) starts. */
  use(): void {
    this.gate.use();
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
      await this.gate.connected(signal);
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
