import { startOpenAIChatServer, type ScriptedTurn } from '@agent/testkit';
import { benchChunks } from './bench-chunks';

/**
 * Serves `turns` copies of one long text turn from a child process, so the fake's own work
 * never counts in the parent's CPU time. Argv: chunk count, turn count. Sends `{url}`, exits on
 * the message `close`.
 */
async function main(): Promise<void> {
  const [chunkCount, turnCount] = process.argv.slice(2).map(Number);
  const chunks = benchChunks(chunkCount!);
  const turn: ScriptedTurn = {
    text: chunks,
    usage: { inputTokens: 10, outputTokens: chunks.length },
  };
  const server = await startOpenAIChatServer(Array.from({ length: turnCount! }, () => turn));
  process.send?.({ url: server.url });
  process.on('message', (message: unknown) => {
    if (message === 'close') void server.close().then(() => process.exit(0));
  });
}

void main();
