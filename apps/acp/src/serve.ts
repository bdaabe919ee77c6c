import { Readable, Writable } from 'node:stream';
import { agentHome as defaultAgentHome } from '@agent/llm/config';
import type { AgentFlags } from '@agent/runtime/flags';
import { stopShellProcesses } from '@agent/tools';
import { createAcpAgent } from './acp-agent';
import { agentSettings } from './agent-settings';
import { dropOversizedLines } from './oversized-messages';
import { loadAcp } from './sdk';

export interface ServeIO {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/**
 * Serves ACP on the given streams until the editor closes them, or SIGTERM/SIGINT/SIGHUP: then
 * every session is closed (a running turn interrupted, a questionnaire still open left to be
 * offered again on the next load, MCP servers stopped), and the commands the agent started end.
 */
export async function serveAcp(flags: AgentFlags, io: ServeIO): Promise<number> {
  const acp = await loadAcp();
  const log = (text: string): void => void process.stderr.write(`agent-acp: ${text}\n`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { version } = require('../package.json') as { version: string };
  const settings = agentSettings(flags, io.env, defaultAgentHome(io.env));
  const agent = createAcpAgent(acp, settings, { version }, log);
  // The SDK's reader ends the connection on a message over its limit (and the agent exited 0,
  // saying nothing): such a message is answered here with an error and the agent reads on.
  const maxBytes = acp.DEFAULT_MAX_MESSAGE_BYTES;
  const refuse = (id: string | number | null): void => {
    log(`refused an incoming message over ${maxBytes} bytes (id ${JSON.stringify(id)})`);
    if (!io.stdout.writable) return;
    io.stdout.write(`${JSON.stringify(messageTooLarge(id, maxBytes))}\n`);
  };
  const input = (Readable.toWeb(io.stdin as Readable) as ReadableStream<Uint8Array>).pipeThrough(
    dropOversizedLines(maxBytes, refuse),
  );
  const stream = acp.ndJsonStream(
    Writable.toWeb(io.stdout as Writable) as WritableStream<Uint8Array>,
    input,
    { maxMessageBytes: maxBytes },
  );
  const connection = agent.app.connect(stream);
  let signalled = false;
  const onSignal = (): void => {
    if (signalled) process.exit(130);
    signalled = true;
    connection.close();
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, onSignal);
  try {
    await connection.closed;
  } finally {
    // The editor went away or the process is stopped: not the person cancelling a question.
    await agent.closeAll({ leaveQuestionsOpen: true });
    await stopShellProcesses();
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.off(signal, onSignal);
  }
  return 0;
}

/** The JSON-RPC error answering a message over the limit (id null when it could not be read). */
function messageTooLarge(id: string | number | null, maxBytes: number) {
  const mib = maxBytes / 1024 / 1024;
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: -32600,
      message:
        `The message is larger than the agent reads (${mib} MiB in one JSON-RPC message) and was not read. ` +
        'Send less at once: attach large files as resource links, or split the prompt.',
      data: { maxMessageBytes: maxBytes },
    },
  };
}
