import { parentPort, workerData } from 'node:worker_threads';
import { startOpenAIChatServer, type ScriptedTurn } from '@agent/testkit';

/** Serves `turns` copies of one long text turn from its own thread, so its work is not timed. */
interface WorkerInput {
  chunks: string[];
  turns: number;
}

async function main(): Promise<void> {
  const { chunks, turns } = workerData as WorkerInput;
  const turn: ScriptedTurn = {
    text: chunks,
    usage: { inputTokens: 10, outputTokens: chunks.length },
  };
  const server = await startOpenAIChatServer(Array.from({ length: turns }, () => turn));
  parentPort?.postMessage({ url: server.url });
  parentPort?.on('message', (message: unknown) => {
    if (message === 'close') void server.close().then(() => process.exit(0));
  });
}

void main();
