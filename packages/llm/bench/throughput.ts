import path from 'node:path';
import { Worker } from 'node:worker_threads';
import OpenAI from 'openai';
import { allowAll, ToolRegistry } from '@agent/tools';
import { runToolLoop } from '../dist/loop';
import { create } from '../dist/providers/openai-chat';

/**
 * Streaming throughput of the full pipeline (SDK parse, openai-chat adapter, runToolLoop with no
 * tools) over a long scripted stream from the loopback fake, as a ratio to iterating the same
 * stream with the bare SDK in the same run, alternating the two. Target: at most 15% slower.
 * The fake serves from a worker thread so its own work is not timed; on a busy machine the
 * best round is the steadiest figure, the median is printed beside it.
 */

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TARGET = 1.15;

async function bareSdk(client: OpenAI): Promise<number> {
  const stream = await client.chat.completions.create({
    model: 'bench',
    messages: [{ role: 'user', content: 'go' }],
    stream: true,
    stream_options: { include_usage: true },
  });
  let length = 0;
  for await (const chunk of stream) length += chunk.choices[0]?.delta?.content?.length ?? 0;
  return length;
}

async function pipeline(baseUrl: string): Promise<number> {
  let length = 0;
  const result = await runToolLoop({
    provider: create({ model: 'bench', baseUrl, apiKey: 'bench', maxRetries: 0 }),
    registry: new ToolRegistry([]),
    system: 'You are a benchmark.',
    history: [{ role: 'user', text: 'go' }],
    workspaceRoot: process.cwd(),
    signal: new AbortController().signal,
    permissions: allowAll,
    onEvent: (event) => {
      if (event.type === 'text_delta') length += event.text.length;
    },
  });
  if (result.reason !== 'done') throw new Error(`pipeline ended ${result.reason}: ${result.error}`);
  return length;
}

async function timed(run: () => Promise<number>, expected: number): Promise<number> {
  const start = process.hrtime.bigint();
  const length = await run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (length !== expected) throw new Error(`expected ${expected} characters, got ${length}`);
  return ms;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const chunks = Array.from({ length: CHUNKS }, (_, i) => `tok${i % 97} `);
  const expected = chunks.join('').length;
  const worker = new Worker(path.join(__dirname, 'fake-server-worker.js'), {
    workerData: { chunks, turns: 2 * (ROUNDS + 1) },
  });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: { url: string }) => resolve(message.url));
    worker.once('error', reject);
  });
  const baseUrl = `${url}/v1`;
  const client = new OpenAI({ apiKey: 'bench', baseURL: baseUrl, maxRetries: 0 });

  const bare: number[] = [];
  const full: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const b = await timed(() => bareSdk(client), expected);
    const f = await timed(() => pipeline(baseUrl), expected);
    if (round > 0) {
      bare.push(b);
      full.push(f);
    }
  }
  worker.postMessage('close');

  const rows: string[][] = [
    ['measure', 'best ms', 'median ms', 'chunks/s (best)'],
    row('bare openai SDK iteration', bare),
    row('SDK + openai-chat + runToolLoop', full),
  ];
  const bestRatio = Math.min(...full) / Math.min(...bare);
  const medianRatio = median(full) / median(bare);
  console.log(
    `Streaming throughput: ${CHUNKS} text chunks from the loopback fake, ${ROUNDS} rounds`,
  );
  printTable(rows);
  console.log('');
  printTable([
    ['ratio (pipeline / bare)', 'best', 'median', 'target', 'result'],
    [
      'wall time',
      bestRatio.toFixed(3),
      medianRatio.toFixed(3),
      `<= ${TARGET.toFixed(2)}`,
      bestRatio <= TARGET ? 'met' : 'missed',
    ],
  ]);
}

function row(label: string, times: number[]): string[] {
  const best = Math.min(...times);
  return [
    label,
    best.toFixed(1),
    median(times).toFixed(1),
    Math.round((CHUNKS / best) * 1000).toString(),
  ];
}

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  console.log(line(rows[0]!));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows.slice(1)) console.log(line(r));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
