// One headless turn with one stdio MCP server (@modelcontextprotocol/server-everything, on this
// Node) configured in config.json, on each Node the checkout has (see nodes()), side by side with
// the same turn without it, against the local openai-chat fake (the server runs on the Node of
// this bench). Target: the turn with the server costs at most 1.5x the turn without it, once the
// server's tool list is remembered (every run after its first). The first run, which waits for the
// server to boot, is measured too (its tool list removed before each run).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOOL_LISTS_FILE } from '@agent/mcp';
import { openAIChatProtocol, startFakeServer, type ScriptedTurn } from '@agent/testkit';
import { median, nodes, timeChild } from './child';

const RUNS = Number(process.env.BENCH_RUNS || 15);
const TARGET = 1.5;
const APP_DIR = path.resolve(__dirname, '..', '..');
const MAIN = path.join(APP_DIR, 'dist', 'agent-run.js');

interface Case {
  name: string;
  env: NodeJS.ProcessEnv;
  /** Run before each timed run of the case. */
  before?: () => void;
}

/** An agent home whose config.json holds `config`. */
function agentHome(root: string, name: string, config: unknown): string {
  const home = path.join(root, name);
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify(config));
  return home;
}

async function main(): Promise<void> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run the build first`);
  const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'headless-mcp-bench-'));
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(workspace);
  fs.writeFileSync(path.join(workspace, 'prompt.txt'), 'Say hello.');
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    AGENT_LAUNCH_DIR: workspace,
    OPENAI_API_KEY: 'bench',
  };
  const servers = {
    mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
  };
  const firstRunHome = agentHome(root, 'mcp-first', servers);
  const cases: Case[] = [
    {
      name: 'headless one turn, no MCP server',
      env: { ...base, AGENT_HOME: agentHome(root, 'plain', {}) },
    },
    {
      name: 'headless one turn, one stdio MCP server (server-everything)',
      env: { ...base, AGENT_HOME: agentHome(root, 'mcp', servers) },
    },
    {
      name: 'the same, its tool list not remembered (a first run)',
      env: { ...base, AGENT_HOME: firstRunHome },
      before: () => fs.rmSync(path.join(firstRunHome, TOOL_LISTS_FILE), { force: true }),
    },
  ];
  const targets = nodes();
  const script: ScriptedTurn[] = Array.from(
    { length: cases.length * (RUNS + 1) * targets.length },
    () => ({ text: 'Hello! How can I help?', usage: { inputTokens: 20, outputTokens: 6 } }),
  );
  const server = await startFakeServer(openAIChatProtocol, script);
  const args = [MAIN, 'prompt.txt', '--provider', 'openai-chat', '--model', 'bench-model'];
  args.push('--base-url', `${server.url}/v1`);
  const summary: string[] = [];
  try {
    for (const node of targets) {
      const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
      const times = cases.map((): number[] => []);
      for (const { env } of cases) await timeChild(node, args, { env, cwd: workspace });
      for (let i = 0; i < RUNS; i++) {
        for (const [index, { env, before }] of cases.entries()) {
          before?.();
          times[index]!.push((await timeChild(node, args, { env, cwd: workspace })).ms);
        }
      }
      const [plain, withServer, firstRun] = times.map(median) as [number, number, number];
      console.log(`\nheadless MCP benchmark: median of ${RUNS} runs, Node ${version} (${node})\n`);
      console.log('| measure | median ms |');
      console.log('| --- | ---: |');
      for (const [index, { name }] of cases.entries()) {
        console.log(`| ${name} | ${median(times[index]!).toFixed(1)} |`);
      }
      const ratio = withServer / plain;
      summary.push(
        `Node ${version}: turn with one stdio MCP server ${withServer.toFixed(1)} ms, without ` +
          `${plain.toFixed(1)} ms: ratio ${ratio.toFixed(2)}x (target <= ${TARGET}x): ` +
          `${ratio <= TARGET ? 'ok' : 'over target'}; a first run (nothing remembered) ` +
          `${firstRun.toFixed(1)} ms: ${(firstRun / plain).toFixed(2)}x; ` +
          `load ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
    console.log(`\n${summary.join('\n')}`);
  } finally {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
