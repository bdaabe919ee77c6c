#!/usr/bin/env node
// Start-up and one-turn cost of the headless runner, as ratios to `node -e 0` measured in this run.
'use strict';
const { spawnSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { openAIChatProtocol, startFakeServer } = require('@agent/testkit');

const RUNS = Number(process.env.BENCH_RUNS || 9);
const MAIN = path.join(__dirname, '..', 'dist', 'main.js');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function timeSync(args, env) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr.toString()}`);
  }
  return ms;
}

// The fake server lives in this process, so the child must run asynchronously.
function timeAsync(args, env) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.resume();
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (code === 0) resolve(ms);
      else reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`));
    });
  });
}

async function main() {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run the build first`);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'headless-bench-'));
  const workspace = path.join(home, 'workspace');
  fs.mkdirSync(workspace);
  fs.writeFileSync(path.join(workspace, 'prompt.txt'), 'Say hello.');
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    AGENT_HOME: path.join(home, 'agent-home'),
    INIT_CWD: workspace,
    OPENAI_API_KEY: 'bench',
  };
  const script = Array.from({ length: RUNS + 1 }, () => ({
    text: 'Hello! How can I help?',
    usage: { inputTokens: 20, outputTokens: 6 },
  }));
  const server = await startFakeServer(openAIChatProtocol, script);
  const turnArgs = [
    MAIN,
    'prompt.txt',
    '--provider',
    'openai-chat',
    '--model',
    'bench-model',
    '--base-url',
    `${server.url}/v1`,
  ];
  try {
    timeSync(['-e', '0'], env);
    timeSync([MAIN, '--version'], env);
    await timeAsync(turnArgs, env);
    const baseline = [];
    const version = [];
    const turn = [];
    for (let i = 0; i < RUNS; i++) {
      baseline.push(timeSync(['-e', '0'], env));
      version.push(timeSync([MAIN, '--version'], env));
      turn.push(await timeAsync(turnArgs, env));
    }
    const base = median(baseline);
    const rows = [
      ['node -e 0 (baseline)', base, 1, null],
      ['headless --version', median(version), median(version) / base, 2],
      ['headless one turn (openai-chat fake)', median(turn), median(turn) / base, 4],
    ];
    const line = (cells) => `| ${cells.join(' | ')} |`;
    console.log(`headless benchmarks: median of ${RUNS} runs, Node ${process.version}\n`);
    console.log(line(['measure', 'median ms', 'ratio to node -e 0', 'target', 'result']));
    console.log(line(['---', '---:', '---:', '---:', '---']));
    for (const [name, ms, ratio, target] of rows) {
      const verdict = target === null ? '' : ratio <= target ? 'ok' : 'over target';
      console.log(
        line([
          name,
          ms.toFixed(1),
          `${ratio.toFixed(2)}x`,
          target === null ? '' : `<= ${target}x`,
          verdict,
        ]),
      );
    }
  } finally {
    await server.close();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
