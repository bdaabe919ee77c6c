import { Readable, Writable } from 'node:stream';
import { agentHome as defaultAgentHome } from '@agent/llm/config';
import type { AgentFlags } from '@agent/runtime/flags';
import { stopShellProcesses } from '@agent/tools';
import { createAcpAgent } from './acp-agent';
import { agentSettings } from './agent-settings';
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
  const stream = acp.ndJsonStream(
    Writable.toWeb(io.stdout as Writable) as WritableStream<Uint8Array>,
    Readable.toWeb(io.stdin as Readable) as ReadableStream<Uint8Array>,
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
