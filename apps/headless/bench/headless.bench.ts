// Start-up and one-turn cost of the headless runner, as ratios to `node -e 0` measured in this run.
// Reference rows: a first run in a new agent home (before the code cache exists), and two floors
// showing how much of a turn is the platform's and the SDK's: Node's fetch alone, and @agent/llm's
// openai-chat provider alone (unbundled), each streaming the same reply from the same fake.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAIChatProtocol, startFakeServer, type ScriptedTurn } from '@agent/testkit';

const RUNS = Number(process.env.BENCH_RUNS || 15);
const MAIN = path.resolve(__dirname, '..', '..', 'dist', 'agent-run.js');
const FLOOR_FETCH = path.join(__dirname, 'floor-fetch.js');
const FLOOR_PROVIDER = path.join(__dirname, 'floor-provider.js');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function elapsed(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function timeSync(args: string[], env: NodeJS.ProcessEnv): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = elapsed(start);
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr.toString()}`);
  }
  return ms;
}

/** The fake server lives in this process, so a run against it must not block the event loop. */
function timeAsync(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout.resume();
    child.on('close', (code) => {
      const ms = elapsed(start);
      if (code === 0) resolve(ms);
      else reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`));
    });
  });
}

async function main(): Promise<void> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run the build first`);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'headless-bench-'));
  const workspace = path.join(home, 'workspace');
  fs.mkdirSync(workspace);
  fs.writeFileSync(path.join(workspace, 'prompt.txt'), 'Say hello.');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    AGENT_HOME: path.join(home, 'agent-home'),
    INIT_CWD: workspace,
    OPENAI_API_KEY: 'bench',
  };
  const script: ScriptedTurn[] = Array.from({ length: 4 * (RUNS + 1) }, () => ({
    text: 'Hello! How can I help?',
    usage: { inputTokens: 20, outputTokens: 6 },
  }));
  const server = await startFakeServer(openAIChatProtocol, script);
  const turnArgs = [MAIN, 'prompt.txt', '--provider', 'openai-chat', '--model', 'bench-model'];
  turnArgs.push('--base-url', `${server.url}/v1`);
  const fetchArgs = [FLOOR_FETCH, `${server.url}/v1`];
  const providerArgs = [FLOOR_PROVIDER, `${server.url}/v1`];
  try {
    timeSync(['-e', '0'], env);
    timeSync([MAIN, '--version'], env);
    await timeAsync(turnArgs, env);
    await timeAsync(fetchArgs, env);
    await timeAsync(providerArgs, env);
    const baseline: number[] = [];
    const version: number[] = [];
    const turn: number[] = [];
    const coldTurn: number[] = [];
    const fetchFloor: number[] = [];
    const providerFloor: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      baseline.push(timeSync(['-e', '0'], env));
      version.push(timeSync([MAIN, '--version'], env));
      turn.push(await timeAsync(turnArgs, env));
      const freshHome = path.join(home, `agent-home-${i}`);
      coldTurn.push(await timeAsync(turnArgs, { ...env, AGENT_HOME: freshHome }));
      fetchFloor.push(await timeAsync(fetchArgs, env));
      providerFloor.push(await timeAsync(providerArgs, env));
    }
    const base = median(baseline);
    const rows: Array<[string, number, number | undefined]> = [
      ['node -e 0 (baseline)', base, undefined],
      ['headless --version', median(version), 2],
      ['headless one turn (openai-chat fake)', median(turn), 4],
      ['first run in a new agent home: no code cache yet (reference)', median(coldTurn), undefined],
      ['floor: Node fetch, same reply (reference)', median(fetchFloor), undefined],
      ['floor: openai-chat provider alone (reference)', median(providerFloor), undefined],
    ];
    const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
    console.log(`headless benchmarks: median of ${RUNS} runs, Node ${process.version}\n`);
    console.log(line(['measure', 'median ms', 'ratio to node -e 0', 'target', 'result']));
    console.log(line(['---', '---:', '---:', '---:', '---']));
    for (const [name, ms, target] of rows) {
      const ratio = ms / base;
      const verdict = target === undefined ? '' : ratio <= target ? 'ok' : 'over target';
      const cells = [name, ms.toFixed(1), `${ratio.toFixed(2)}x`];
      console.log(line([...cells, target === undefined ? '' : `<= ${target}x`, verdict]));
    }
  } finally {
    await server.close();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
