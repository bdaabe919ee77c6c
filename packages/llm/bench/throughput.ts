import path from 'node:path';
import { fork } from 'node:child_process';
import OpenAI from 'openai';
import { allowAll, ToolRegistry } from '@agent/tools';
import { runToolLoop } from '../dist/loop';
import { create } from '../dist/providers/openai-chat';
import { benchChunks } from './bench-chunks';

/**
 * Streaming throughput of the full pipeline (SDK parse, openai-chat adapter, runToolLoop with no
 * tools) over a long scripted stream from the loopback fake, as a ratio to iterating the same
 * stream with the bare SDK in the same run, alternating the two. Target: at most 15% slower.
 * The fake serves from a child process, so this process's CPU time is the pipeline's own cost:
 * the headline figure, steadier than wall time on a shared machine (both are printed).
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

async function adapterOnly(baseUrl: string): Promise<number> {
  const provider = create({ model: 'bench', baseUrl, apiKey: 'bench', maxRetries: 0 });
  const request = {
    system: 'You are a benchmark.',
    messages: [{ role: 'user' as const, text: 'go' }],
    tools: [],
  };
  let length = 0;
  for await (const event of provider.stream(request, new AbortController().signal)) {
    if (event.type === 'text_delta') length += event.text.length;
  }
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
    person: allowAll,
    onEvent: (event) => {
      if (event.type === 'text_delta') length += event.text.length;
    },
  });
  if (result.reason !== 'done') throw new Error(`pipeline ended ${result.reason}: ${result.error}`);
  return length;
}

interface Sample {
  cpuMs: number;
  wallMs: number;
}

/** CPU time of this process (the fake runs in another one) and wall time of one run. */
async function timed(run: () => Promise<number>, expected: number): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const length = await run();
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  if (length !== expected) throw new Error(`expected ${expected} characters, got ${length}`);
  return { cpuMs: (used.user + used.system) / 1000, wallMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const expected = benchChunks(CHUNKS).join('').length;
  const server = fork(path.join(__dirname, 'fake-server-process.js'), [
    String(CHUNKS),
    String(3 * (ROUNDS + 1)),
  ]);
  const url = await new Promise<string>((resolve, reject) => {
    server.once('message', (message: { url: string }) => resolve(message.url));
    server.once('error', reject);
  });
  const baseUrl = `${url}/v1`;
  const client = new OpenAI({ apiKey: 'bench', baseURL: baseUrl, maxRetries: 0 });

  const bare: Sample[] = [];
  const adapter: Sample[] = [];
  const full: Sample[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const b = await timed(() => bareSdk(client), expected);
    const a = await timed(() => adapterOnly(baseUrl), expected);
    const f = await timed(() => pipeline(baseUrl), expected);
    if (round > 0) {
      bare.push(b);
      adapter.push(a);
      full.push(f);
    }
  }
  server.send('close');

  console.log(
    `Streaming throughput: ${CHUNKS} text chunks from the loopback fake, ${ROUNDS} rounds`,
  );
  printTable([
    ['measure', 'CPU ms (median)', 'wall ms (median)', 'chunks/s (wall)'],
    row('bare openai SDK iteration', bare),
    row('SDK + openai-chat adapter', adapter),
    row('SDK + openai-chat + runToolLoop', full),
  ]);
  console.log('');
  const ratio = (samples: Sample[], pick: (s: Sample) => number) =>
    median(samples.map(pick)) / median(bare.map(pick));
  const cpu = (s: Sample) => s.cpuMs;
  const wall = (s: Sample) => s.wallMs;
  const verdict = (value: number) => [
    value.toFixed(3),
    `<= ${TARGET.toFixed(2)}`,
    value <= TARGET ? 'met' : 'missed',
  ];
  printTable([
    ['ratio to the bare SDK', 'value', 'target', 'result'],
    ['full pipeline, CPU time', ...verdict(ratio(full, cpu))],
    ['full pipeline, wall time', ...verdict(ratio(full, wall))],
    ['adapter alone, CPU time', ...verdict(ratio(adapter, cpu))],
  ]);
}

function row(label: string, samples: Sample[]): string[] {
  const wall = median(samples.map((s) => s.wallMs));
  return [
    label,
    median(samples.map((s) => s.cpuMs)).toFixed(1),
    wall.toFixed(1),
    Math.round((CHUNKS / wall) * 1000).toString(),
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
