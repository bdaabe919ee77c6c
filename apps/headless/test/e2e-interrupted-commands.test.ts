import fs from 'node:fs';
import path from 'node:path';
import { processesWith } from '@agent/tools/testing';
import { cliEnv, runCli, startCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

// Issue 16 item 6: an interrupted run exited at once and left a command that ignores SIGTERM
// running; background jobs of finished commands survived the run too.

jest.setTimeout(60_000);

/** Waits for `count` processes with the argument `marker` (see processesWith). */
async function waitForProcesses(marker: string, count: number): Promise<number[]> {
  for (let i = 0; i < 400; i++) {
    const pids = processesWith(marker);
    if (pids.length >= count) return pids;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never saw ${count} processes with ${marker}`);
}

// Commands run sandboxed (their own process ids), so their processes are found by a marker.
describe('headless: no command outlives the run', () => {
  const cli = useCliHarness();
  const leftovers: number[] = [];
  afterEach(() => {
    for (const pid of leftovers.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone, as it should be.
      }
    }
  });

  it('SIGINT during a command that ignores SIGTERM kills its whole group before exiting 130', async () => {
    const marker = '60.6101';
    const command = `trap '' TERM; sleep ${marker} & bash -c 'sleep ${marker}' & wait`;
    const server = await cli.serve([
      { toolCalls: [{ id: 'sh', name: 'run_shell', arguments: { command } }] },
      { text: 'never reached' },
    ]);
    cli.sandbox.write('prompt.txt', 'Run it.');
    const run = startCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    const pids = await waitForProcesses(marker, 2);
    leftovers.push(...pids);
    const interruptedAt = Date.now();
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    expect(Date.now() - interruptedAt).toBeLessThan(6000);
    expect(processesWith(marker)).toEqual([]);
  });

  it("a finished command's background job is stopped when the run ends", async () => {
    const marker = '60.6102';
    const command = `sleep ${marker} >/dev/null 2>&1 & echo started > bg.txt`;
    const server = await cli.serve([
      { toolCalls: [{ id: 'sh', name: 'run_shell', arguments: { command } }] },
      { text: 'Started it.' },
    ]);
    cli.sandbox.write('prompt.txt', 'Start it.');
    const result = await runCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(fs.readFileSync(path.join(cli.sandbox.workspace, 'bg.txt'), 'utf8')).toBe('started\n');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Started it.');
    expect(processesWith(marker)).toEqual([]);
  });
});
