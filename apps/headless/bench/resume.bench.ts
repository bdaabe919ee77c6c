// Long sessions, against the local openai-chat fake, on sessions this bench generates:
// - `--continue` of a 5,000-turn session compacted 100 turns ago, side by side with a new
//   session's turn (target: at most 1.5x its time, peak memory under 150 MB), on openai-chat
//   (exact o200k token counts; the file carries the counts its writer records while the tokenizer
//   is loaded) and on anthropic (estimated counts: the loader's cost alone);
// - `--continue` of an uncompacted 5,000-turn session with automatic compaction on: its first
//   compaction must go in requests that each fit the model's window (target: largest <= window);
// - `--continue` of a 200-turn session without a checkpoint, far from the window, whose file
//   records the provider's usage but no o200k counts (as a session saved before the tokenizer
//   loaded): counted from that usage, it loads no tokenizer (target: 1.5x a new turn's time).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contextWindowFor, countTokens, warmTokenizer } from '@agent/llm';
import { loadSession, SessionWriter } from '@agent/session';
import {
  anthropicProtocol,
  openAIChatProtocol,
  startFakeServer,
  writeLongSession,
  type RecordedRequest,
  type WireProtocol,
} from '@agent/testkit';
import { median, timeChild, type ChildRun } from './child';

const RUNS = Number(process.env.BENCH_RUNS || 7);
const TURNS = 5000;
const COMPACTED_AGO = 100;
const COMPACTED = { turns: TURNS, compactedTurnsAgo: COMPACTED_AGO };
const SHORT_TURNS = 200;
const TIME_TARGET = 1.5;
const RSS_TARGET_MB = 150;
const MODEL = 'bench-model';
const MAIN = path.resolve(__dirname, '..', '..', 'dist', 'agent-run.js');
const SESSION_ID = '2026-11-30T00-00-00-b5e5';

interface Row {
  measure: string;
  value: string;
  baseline: string;
  ratio: number;
  target: number;
}

/** A provider the bench runs against: its fake's wire protocol, endpoint and key. */
interface Wire {
  provider: 'openai-chat' | 'anthropic';
  protocol: WireProtocol;
  baseUrl(url: string): string;
  key: Record<string, string>;
}

const OPENAI: Wire = {
  provider: 'openai-chat',
  protocol: openAIChatProtocol,
  baseUrl: (url) => `${url}/v1`,
  key: { OPENAI_API_KEY: 'bench' },
};
const ANTHROPIC: Wire = {
  provider: 'anthropic',
  protocol: anthropicProtocol,
  baseUrl: (url) => url,
  key: { ANTHROPIC_API_KEY: 'bench' },
};

/** A workspace with a prompt file, and the environment a run in it gets. */
function workspace(root: string, name: string, home: string, url: string, wire = OPENAI) {
  const dir = path.join(root, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'prompt.txt'), 'And the next module?');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: root,
    AGENT_HOME: home,
    AGENT_LAUNCH_DIR: dir,
    ...wire.key,
  };
  const args = [MAIN, 'prompt.txt', '--provider', wire.provider, '--model', MODEL];
  return { dir, env, args: [...args, '--base-url', wire.baseUrl(url)] };
}

/** A generated session to continue: its length, and a checkpoint this many turns back, if any. */
interface LongShape {
  turns: number;
  compactedTurnsAgo?: number;
  /** Rewritten through the session writer with the tokenizer loaded (o200k counts on its lines). */
  counted: boolean;
}

/** New session turns and --continue turns, alternating; the long session restored before each. */
async function continueVsNew(root: string, wire: Wire, shape: LongShape): Promise<Row[]> {
  const name = `${wire.provider}-${shape.turns}`;
  const home = path.join(root, `home-${name}`);
  mkdirSync(path.join(home, 'sessions'), { recursive: true });
  const pristine = path.join(root, `long-${name}.jsonl`);
  const server = await startFakeServer(
    wire.protocol,
    Array.from({ length: 2 * (RUNS + 1) }, () => ({
      text: 'Module 5000 is fine.',
      usage: { inputTokens: 20, outputTokens: 6 },
    })),
  );
  try {
    const fresh = workspace(root, `new-${name}`, home, server.url, wire);
    const long = workspace(root, `long-${name}`, home, server.url, wire);
    const generated = writeLongSession(pristine, {
      turns: shape.turns,
      ...(shape.compactedTurnsAgo === undefined
        ? {}
        : { compactedTurnsAgo: shape.compactedTurnsAgo }),
      cwd: long.dir,
      provider: wire.provider,
      model: MODEL,
    });
    if (shape.counted) await rewriteCounted(pristine);
    const target = path.join(home, 'sessions', `${SESSION_ID}.jsonl`);
    const newRuns: ChildRun[] = [];
    const continueRuns: ChildRun[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const turn = await timeChild(process.execPath, fresh.args, {
        env: fresh.env,
        measureRss: true,
      });
      copyFileSync(pristine, target);
      const resumed = await timeChild(process.execPath, [...long.args, '--continue'], {
        env: long.env,
        measureRss: true,
      });
      if (run === 0) continue; // warm-up (disk cache, compile cache)
      newRuns.push(turn);
      continueRuns.push(resumed);
    }
    const newMs = median(newRuns.map((r) => r.ms));
    const continueMs = median(continueRuns.map((r) => r.ms));
    const newRss = Math.max(...newRuns.map((r) => r.rssMb!));
    const continueRss = Math.max(...continueRuns.map((r) => r.rssMb!));
    const size = `${(generated.bytes / 1024 / 1024).toFixed(1)} MB`;
    const how =
      shape.compactedTurnsAgo === undefined
        ? 'no checkpoint, recorded usage'
        : `compacted ${shape.compactedTurnsAgo} ago`;
    return [
      {
        measure: `${wire.provider}: --continue, ${shape.turns} turns ${how} (${size}), median`,
        value: `${continueMs.toFixed(0)} ms`,
        baseline: `new session's turn: ${newMs.toFixed(0)} ms`,
        ratio: continueMs / newMs,
        target: TIME_TARGET,
      },
      {
        measure: `${wire.provider}: --continue of ${shape.turns} turns, peak RSS (largest of ${RUNS})`,
        value: `${continueRss.toFixed(0)} MB`,
        baseline: `new session's turn: ${newRss.toFixed(0)} MB`,
        ratio: continueRss / RSS_TARGET_MB,
        target: 1,
      },
    ];
  } finally {
    await server.close();
  }
}

/**
 * The session file as the agent's writer saves it while the tokenizer is loaded (as it is through
 * a long OpenAI session): every event again through `SessionWriter`, which adds its o200k count.
 */
async function rewriteCounted(file: string): Promise<void> {
  await warmTokenizer();
  const { events } = await loadSession(file);
  writeFileSync(file, '');
  const writer = await SessionWriter.open(file);
  for (const event of events) writer.appendEvent(event);
  await writer.close();
}

/** Tokens of one recorded chat request: its messages and tools as sent. */
function requestTokens(request: RecordedRequest): number {
  const body = request.body as { messages?: unknown; tools?: unknown };
  return countTokens(JSON.stringify([body.messages, body.tools ?? []]), 'openai');
}

/** The first automatic compaction of an uncompacted session: every request must fit the window. */
async function firstCompaction(root: string): Promise<Row> {
  const home = path.join(root, 'home-uncompacted');
  mkdirSync(path.join(home, 'sessions'), { recursive: true });
  const server = await startFakeServer(
    openAIChatProtocol,
    Array.from({ length: 400 }, (_, i) => ({
      text: `- modules 0 to 4999 were fixed (summary ${i}): each had an off-by-one in its loop bound`,
      usage: { inputTokens: 20, outputTokens: 20 },
    })),
  );
  try {
    const ws = workspace(root, 'uncompacted', home, server.url);
    const file = path.join(home, 'sessions', `${SESSION_ID}.jsonl`);
    writeLongSession(file, { turns: TURNS, cwd: ws.dir, model: MODEL });
    const run = await timeChild(process.execPath, [...ws.args, '--continue'], { env: ws.env });
    const window = contextWindowFor(MODEL);
    const sizes = server.requests.map(requestTokens);
    const largest = Math.max(...sizes);
    return {
      measure: `first auto-compaction of ${TURNS} uncompacted turns: largest request (${sizes.length} requests, ${(run.ms / 1000).toFixed(1)} s)`,
      value: `${Math.round(largest / 1000)}k tokens`,
      baseline: `model window: ${Math.round(window / 1000)}k tokens`,
      ratio: largest / window,
      target: 1,
    };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'resume-bench-'));
  try {
    const rows = [
      ...(await continueVsNew(root, OPENAI, { ...COMPACTED, counted: true })),
      ...(await continueVsNew(root, ANTHROPIC, { ...COMPACTED, counted: false })),
      ...(await continueVsNew(root, OPENAI, { turns: SHORT_TURNS, counted: false })),
      await firstCompaction(root),
    ];
    console.log(`\nlong-session benchmarks (Node ${process.version}, ${RUNS} runs)\n`);
    console.log('| measure | value | baseline (same run) | ratio | target | ok |');
    console.log('| --- | ---: | --- | ---: | ---: | --- |');
    for (const row of rows) {
      const ok = row.ratio <= row.target ? 'ok' : 'over';
      console.log(
        `| ${row.measure} | ${row.value} | ${row.baseline} | ${row.ratio.toFixed(2)} | ${row.target} | ${ok} |`,
      );
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
