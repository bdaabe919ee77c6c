import path from 'node:path';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { expandList, expandRecord, expandVariables } from './env-expand';
import { boundedFetch } from './message-limit';
import type { ConnectionOptions } from './server-connection';
import { ProcessGroupStdioTransport } from './stdio-transport';
import { defaultServerEnvironment, sdkSse, sdkStreamableHttp } from './sdk';

/** What opening a server's transport needs from its connection. */
export interface TransportOpening extends Pick<
  ConnectionOptions,
  'config' | 'workspace' | 'env' | 'killGraceMs'
> {
  /** Values substituted from the environment, collected here to be redacted later. */
  secrets: Set<string>;
  /** Connects the MCP client over `transport`. */
  connectWith: (transport: Transport, signal: AbortSignal) => Promise<void>;
  /** Drops the connection of a transport that failed (before the fallback). */
  dropTransport: () => Promise<void>;
  /** Closes the connection of `transport` because of what its server sent. */
  failWith: (transport: () => Transport | undefined, reason: string) => void;
}

/**
 * Starts the server (a stdio process at once), then `handshake()`, then connects. Returns how the
 * server is reached: stdio, http once it answered, or sse (configured, or after the fallback).
 */
export async function openTransport(
  opening: TransportOpening,
  signal: AbortSignal,
  handshake: () => Promise<void>,
): Promise<'stdio' | 'http' | 'sse'> {
  const { config, connectWith, secrets } = opening;
  if (config.transport === 'stdio') {
    const command = expandVariables(config.command, opening.env, secrets);
    const args = expandList(config.args, opening.env, secrets);
    const env = expandRecord(config.env, opening.env, secrets);
    for (const value of Object.values(env)) secrets.add(value);
    const transport: ProcessGroupStdioTransport = new ProcessGroupStdioTransport({
      command,
      args,
      env: { ...defaultServerEnvironment(), ...env },
      cwd: config.cwd ? path.resolve(opening.workspace, config.cwd) : opening.workspace,
      killGraceMs: opening.killGraceMs,
      onTooLarge: (reason) => opening.failWith(() => transport, reason),
    });
    // Started before the SDK loads (in connectWith): the server boots meanwhile. A failure to
    // start is reported by the client's own start, which gets this same promise.
    transport.start().catch(() => undefined);
    // The SDK loads on a later turn of the event loop: whoever started the server (startMcp,
    // synchronously) goes on loading meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    await handshake();
    await connectWith(transport, signal);
    return 'stdio';
  }
  await handshake();
  const url = new URL(expandVariables(config.url, opening.env, secrets));
  const headers = expandRecord(config.headers, opening.env, secrets);
  for (const value of Object.values(headers)) secrets.add(value);
  const requestInit = { headers };
  // Each transport's responses are bounded; past the limit, that transport's connection closes.
  const bounded = (make: (fetch: FetchLike) => Transport): Transport => {
    const transport: Transport = make(
      boundedFetch((reason) => opening.failWith(() => transport, reason)),
    );
    return transport;
  };
  if (config.transport === 'sse') {
    await connectWith(
      bounded((fetch) => new (sdkSse().SSEClientTransport)(url, { requestInit, fetch })),
      signal,
    );
    return 'sse';
  }
  try {
    await connectWith(
      bounded(
        (fetch) =>
          new (sdkStreamableHttp().StreamableHTTPClientTransport)(url, { requestInit, fetch }),
      ),
      signal,
    );
    return 'http';
  } catch (error) {
    if (signal.aborted) throw error;
    // Servers of the older protocol answer streamable HTTP with an error: try SSE.
    await opening.dropTransport();
    try {
      await connectWith(
        bounded((fetch) => new (sdkSse().SSEClientTransport)(url, { requestInit, fetch })),
        signal,
      );
      return 'sse';
    } catch (sseError) {
      if (signal.aborted) throw sseError;
      throw new Error(`streamable HTTP: ${describeError(error)}; SSE: ${describeError(sseError)}`, {
        cause: sseError,
      });
    }
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
