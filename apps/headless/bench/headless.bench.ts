// One headless turn against the local openai-chat fake, side by side with the same single
// streamed request made by the bare openai SDK (bench/bare-openai.ts), on each Node this checkout
// has: the one running the bench and, when `.cache/node24` holds it (.ci/run installs it there),
// Node 24. Target: the turn costs at most 1.25x the bare SDK on the same Node.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAIChatProtocol, startFakeServer, type ScriptedTurn } from '@agent/testkit';
import { median, nodes, timeChild } from './child';

const RUNS = Number(process.env.BENCH_RUNS || 15);
const TARGET = 1.25;
/** Half of Claude Code's own headless turn (about 300 ms here): the bound on Node 24. */
const NODE24_BOUND_MS = 150;
const APP_DIR = path.resolve(__dirname, '..', '..');
const MAIN = path.join(APP_DIR, 'dist', 'agent-run.js');
const BARE = path.join(__dirname, 'bare-openai.js');

interface Row {
  name: string;
  ms: number;
}

/** Runs `node args` to completion, in ms. */
async function time(node: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return (await timeChild(node, args, { env })).ms;
}

async function benchNode(node: string, url: string, env: NodeJS.ProcessEnv): Promise<Row[]> {
  const turnArgs = [MAIN, 'prompt.txt', '--provider', 'openai-chat', '--model', 'bench-model'];
  turnArgs.push('--base-url', `${url}/v1`);
  const measures: Array<[string, string[]]> = [
    ['node -e 0', ['-e', '0']],
    ['headless --version', [MAIN, '--version']],
    ['bare openai SDK, one streamed request', [BARE, `${url}/v1`]],
    ['headless one turn (openai-chat fake)', turnArgs],
  ];
  const times = measures.map((): number[] => []);
  for (const [, args] of measures) await time(node, args, env); // warm-up (and compile cache)
  for (let i = 0; i < RUNS; i++) {
    for (const [index, [, args]] of measures.entries())
      times[index]!.push(await time(node, args, env));
  }
  return measures.map(([name], index) => ({ name, ms: median(times[index]!) }));
}

async function main(): Promise<void> {
  for (const file of [MAIN, BARE]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run the build first`);
  }
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'headless-bench-'));
  const workspace = path.join(home, 'workspace');
  fs.mkdirSync(workspace);
  fs.writeFileSync(path.join(workspace, 'prompt.txt'), 'Say hello.');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    AGENT_HOME: path.join(home, 'agent-home'),
    AGENT_LAUNCH_DIR: workspace,
    OPENAI_API_KEY: 'bench',
  };
  const targets = nodes();
  const script: ScriptedTurn[] = Array.from({ length: 2 * (RUNS + 1) * targets.length }, () => ({
    text: 'Hello! How can I help?',
    usage: { inputTokens: 20, outputTokens: 6 },
  }));
  const server = await startFakeServer(openAIChatProtocol, script);
  const summary: string[] = [];
  try {
    for (const node of targets) {
      const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
      const rows = await benchNode(node, server.url, env);
      console.log(`\nheadless benchmarks: median of ${RUNS} runs, Node ${version} (${node})\n`);
      console.log('| measure | median ms |');
      console.log('| --- | ---: |');
      for (const row of rows) console.log(`| ${row.name} | ${row.ms.toFixed(1)} |`);
      const bare = rows[2]!.ms;
      const turn = rows[3]!.ms;
      const ratio = turn / bare;
      const verdict = ratio <= TARGET ? 'ok' : 'over target';
      summary.push(
        `Node ${version}: headless turn ${turn.toFixed(1)} ms, bare openai SDK ${bare.toFixed(1)} ms, ` +
          `ratio ${ratio.toFixed(2)}x (target <= ${TARGET}x): ${verdict}`,
      );
      if (version.startsWith('v24.')) {
        const within = turn < NODE24_BOUND_MS ? 'ok' : 'over';
        summary.push(`  on Node 24 the turn must stay under ${NODE24_BOUND_MS} ms: ${within}`);
      }
    }
    console.log(`\n${summary.join('\n')}`);
  } finally {
    await server.close();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
