// Key-to-paint latency with a 20,000-line transcript while a stream arrives, against the same
// measurement on an empty, idle REPL. Runs the built app on in-memory terminal streams.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { distPath, type BenchRow } from './row';

const KEYS = 150;

/** The parts of the built REPL this benchmark drives (see src/app/start.ts). */
interface BenchRepl {
  app: {
    transcript: { add(segment: { kind: 'assistant'; text: string; streaming: boolean }): void };
    submit(text: string): void;
    router: { input: { text: string } };
  };
  screen: { screen: { render(): void }; scheduler: { paints: number } };
  quit(code?: number): Promise<void>;
}
type StartRepl = (
  args: { cwd: string; continue: boolean; help: boolean; version: boolean },
  io: { input: PassThrough; output: Writable },
  options: { env: NodeJS.ProcessEnv; provider: unknown },
) => Promise<BenchRepl>;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startRepl } = require(distPath('app', 'start')) as { startRepl: StartRepl };

type Event = { type: 'text_delta'; text: string } | { type: 'end'; stopReason: string };

function streamingProvider(ms: number) {
  return {
    id: 'bench',
    model: 'bench',
    async *stream(_request: unknown, signal: AbortSignal): AsyncGenerator<Event> {
      const until = Date.now() + ms;
      let i = 0;
      while (Date.now() < until && !signal.aborted) {
        i++;
        yield { type: 'text_delta', text: i % 12 === 0 ? `word ${i}\n` : `word${i} ` };
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      yield { type: 'end', stopReason: signal.aborted ? 'aborted' : 'stop' };
    },
  };
}

async function measure(options: { transcriptLines: number; streaming: boolean }) {
  const home = mkdtempSync(path.join(os.tmpdir(), 'repl-bench-'));
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
  const output = new Writable({ write: (_chunk, _enc, done) => done() });
  Object.assign(output, { isTTY: true, columns: 120, rows: 40 });
  const repl = await startRepl(
    { cwd: home, continue: false, help: false, version: false },
    { input, output },
    { env: { AGENT_HOME: home, PATH: process.env.PATH }, provider: streamingProvider(60_000) },
  );
  const { app, screen } = repl;
  for (let i = 0; i < options.transcriptLines / 10; i++) {
    const text = Array.from({ length: 10 }, (_, j) => `line ${i * 10 + j} of the long transcript`);
    app.transcript.add({ kind: 'assistant', text: text.join('\n'), streaming: false });
  }
  if (options.streaming) app.submit('stream please');
  await new Promise((resolve) => setTimeout(resolve, 300));

  const latencies: number[] = [];
  let waiting: { start: number; length: number; done: () => void } | undefined;
  const render = screen.screen.render.bind(screen.screen);
  screen.screen.render = () => {
    render();
    if (waiting && app.router.input.text.length >= waiting.length) {
      latencies.push(performance.now() - waiting.start);
      waiting.done();
      waiting = undefined;
    }
  };
  for (let i = 0; i < KEYS; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    await new Promise<void>((done) => {
      waiting = { start: performance.now(), length: app.router.input.text.length + 1, done };
      input.write(String.fromCharCode(97 + (i % 26)));
    });
  }
  await repl.quit(0);
  rmSync(home, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    p50: latencies[Math.floor(latencies.length * 0.5)]!,
    p95: latencies[Math.floor(latencies.length * 0.95)]!,
    paints: screen.scheduler.paints,
  };
}

export async function main(): Promise<BenchRow[]> {
  const idle = await measure({ transcriptLines: 0, streaming: false });
  const busy = await measure({ transcriptLines: 20_000, streaming: true });
  return [
    {
      name: 'key-to-paint p95, 20k-line transcript, streaming',
      value: `${busy.p95.toFixed(2)} ms (p50 ${busy.p50.toFixed(2)})`,
      baseline: `empty idle REPL p95 ${idle.p95.toFixed(2)} ms`,
      ratio: busy.p95 / 16,
      target: 1,
    },
  ];
}

if (require.main === module) {
  void main().then((rows) => console.table(rows));
}
