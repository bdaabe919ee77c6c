import { spawn } from 'node:child_process';
import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tools from '@agent/tools';
import type { Tool, ToolContext, ToolResult } from '@agent/tools';
import { generateSearchTree, SEARCH_NEEDLE } from '@agent/tools/testing';

// grep and list_files against ripgrep on a generated tree, each measured beside its baseline in
// the same run. SEARCH_BENCH_FILES and SEARCH_BENCH_BYTES scale the tree (a quick run:
// SEARCH_BENCH_FILES=3000). SEARCH_BENCH_TOOLS names another build of the package (the
// JavaScript file of its entry point), e.g. the one before a change: it is measured too, in
// alternation with this one, so both meet the same load.

const other = process.env.SEARCH_BENCH_TOOLS;
const builds: Array<{ label: string; api: typeof tools }> = [{ label: '', api: tools }];
// eslint-disable-next-line @typescript-eslint/no-require-imports
if (other) builds.push({ label: ' [other build]', api: require(other) as typeof tools });
const { allowAll } = tools;

const FILES = Number(process.env.SEARCH_BENCH_FILES ?? 30_000);
const AVERAGE_BYTES = Number(process.env.SEARCH_BENCH_BYTES ?? 8192);
/** Alternating runs; the best of each is compared (other work on the machine only adds time). */
const RUNS = Number(process.env.SEARCH_BENCH_RUNS ?? 5);
const TARGETS = { grepRipgrep: 1.5, grepJavaScript: 5, listRipgrep: 1.5, abortMs: 1000 };
const RG = ['--no-config', '--hidden', '--glob', '!.git'];

function rg(cwd: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('rg', [...RG, ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    });
    child.on('error', reject);
    child.on('close', () => resolve(lines));
  });
}

function context(root: string, signal = new AbortController().signal): ToolContext {
  return { signal, workspaceRoot: root, toolCallId: 'bench', person: allowAll };
}

async function call(tool: Tool, input: unknown, ctx: ToolContext): Promise<ToolResult> {
  try {
    return await tool.execute(input as never, ctx);
  } catch (error) {
    // Each build throws its own ToolError class.
    if (builds.some(({ api }) => error instanceof api.ToolError)) {
      return { output: (error as Error).message, isError: true };
    }
    throw error;
  }
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Milliseconds from abort to the call's end, the call aborted `afterMs` after it started. */
async function abortLatency(
  tool: Tool,
  input: unknown,
  root: string,
  afterMs: number,
): Promise<number> {
  const controller = new AbortController();
  const pending = call(tool, input, context(root, controller.signal));
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  const start = process.hrtime.bigint();
  controller.abort();
  const result = await pending;
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!result.isError) return 0; // finished before the abort
  return ms;
}

async function treeSize(root: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        files++;
        bytes += (await fs.stat(full)).size;
      }
    }
  };
  await walk(root);
  return { files, bytes };
}

async function main(): Promise<void> {
  const top = mkdtempSync(path.join(os.tmpdir(), 'search-bench-'));
  try {
    const root = path.join(top, 'tree');
    await fs.mkdir(root);
    const made = Date.now();
    await generateSearchTree(root, path.join(top, 'outside'), {
      files: FILES,
      averageBytes: AVERAGE_BYTES,
      fifoRuleFile: false,
    });
    const size = await treeSize(root);
    const measured = builds.map(({ label, api }) => ({
      label,
      tools: {
        grepRipgrep: api.grepTool({ engine: 'ripgrep' }),
        grepJavaScript: api.grepTool({ engine: 'javascript' }),
        listRipgrep: api.listFilesTool({ engine: 'ripgrep' }),
        listJavaScript: api.listFilesTool({ engine: 'javascript' }),
      },
    }));
    const grepInput = { pattern: SEARCH_NEEDLE };
    const listInput = {};
    const inputs = {
      grepRipgrep: grepInput,
      grepJavaScript: grepInput,
      listRipgrep: listInput,
      listJavaScript: listInput,
    };
    // Warm the page cache and the matcher threads.
    await rg(root, ['--files']);
    await rg(root, [SEARCH_NEEDLE]);
    for (const build of measured) await call(build.tools.grepJavaScript, grepInput, context(root));
    const samples: Record<string, number[]> = { rg: [], rgFiles: [] };
    const sample = (name: string, ms: number): void => {
      (samples[name] ??= []).push(ms);
    };
    for (let run = 0; run < RUNS; run++) {
      sample('rg', await time(() => rg(root, ['--line-number', SEARCH_NEEDLE])));
      sample('rgFiles', await time(() => rg(root, ['--files'])));
      for (const { label, tools } of measured) {
        for (const [name, tool] of Object.entries(tools)) {
          const input = inputs[name as keyof typeof inputs];
          sample(name + label, await time(() => call(tool, input, context(root))));
        }
      }
    }
    const best = (name: string): number => Math.min(...samples[name]);
    const aborts: Record<string, number> = {};
    for (const { label, tools } of measured) {
      for (const name of ['grepRipgrep', 'grepJavaScript', 'listRipgrep'] as const) {
        const key = name + label;
        aborts[key] = await abortLatency(tools[name], inputs[name], root, best(key) / 2);
      }
    }
    const rows: Array<[string, string, string]> = [
      [
        'tree',
        `${size.files} files, ${(size.bytes / 1024 / 1024).toFixed(0)} MB`,
        `made in ${((Date.now() - made) / 1000).toFixed(0)} s`,
      ],
      ['rg (baseline, best)', `${best('rg').toFixed(0)} ms`, ''],
      ['rg --files (baseline, best)', `${best('rgFiles').toFixed(0)} ms`, ''],
    ];
    const ratio = (name: keyof typeof TARGETS, baseline: string, row: string): void => {
      for (const { label } of measured) {
        const value = best(name + label) / best(baseline);
        const target = TARGETS[name];
        rows.push([
          row + label,
          `${best(name + label).toFixed(0)} ms  ${value.toFixed(2)}x`,
          value <= target ? `ok (<= ${target}x)` : `OVER TARGET (${target}x)`,
        ]);
      }
    };
    ratio('grepRipgrep', 'rg', 'grep, ripgrep engine / rg');
    ratio('grepJavaScript', 'rg', 'grep, JavaScript engine / rg');
    ratio('listRipgrep', 'rgFiles', 'list_files, ripgrep engine / rg --files');
    for (const { label } of measured) {
      const name = 'listJavaScript' + label;
      rows.push([
        'list_files, JavaScript engine / rg --files' + label,
        `${best(name).toFixed(0)} ms  ${(best(name) / best('rgFiles')).toFixed(2)}x`,
        '(no target)',
      ]);
    }
    for (const [name, ms] of Object.entries(aborts)) {
      rows.push([
        `abort to end, ${name}`,
        `${ms.toFixed(0)} ms`,
        ms < TARGETS.abortMs
          ? `ok (< ${TARGETS.abortMs} ms)`
          : `OVER TARGET (${TARGETS.abortMs} ms)`,
      ]);
    }
    const width = Math.max(...rows.map((row) => row[0].length));
    console.log('@agent/tools search benchmark (best of %d runs)', RUNS);
    for (const [name, value, verdict] of rows) {
      console.log(`  ${name.padEnd(width)}  ${value.padStart(18)}  ${verdict}`);
    }
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
