import fs from 'node:fs';
import path from 'node:path';
import { cliEnv, runCli, startCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

// Issue 16 item 6: an interrupted run exited at once and left a command that ignores SIGTERM
// running; background jobs of finished commands survived the run too.

jest.setTimeout(60_000);

/** Dead, or a zombie waiting to be reaped: either way the process no longer runs. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitForPids(file: string, count: number): Promise<number[]> {
  for (let i = 0; i < 400; i++) {
    const pids = (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '')
      .split('\n')
      .filter(Boolean)
      .map(Number);
    if (pids.length >= count) return pids;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${file} never got ${count} pids`);
}

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
    const command = "trap '' TERM; sleep 60 & echo $! > pids; echo $$ >> pids; wait";
    const server = await cli.serve([
      { toolCalls: [{ id: 'sh', name: 'run_shell', arguments: { command } }] },
      { text: 'never reached' },
    ]);
    cli.sandbox.write('prompt.txt', 'Run it.');
    const run = startCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    const pids = await waitForPids(path.join(cli.sandbox.workspace, 'pids'), 2);
    leftovers.push(...pids);
    expect(pids.every(isRunning)).toBe(true);
    const interruptedAt = Date.now();
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    expect(Date.now() - interruptedAt).toBeLessThan(6000);
    expect(pids.filter(isRunning)).toEqual([]);
  });

  it("a finished command's background job is stopped when the run ends", async () => {
    const command = 'sleep 60 >/dev/null 2>&1 & echo $! > bg.pid';
    const server = await cli.serve([
      { toolCalls: [{ id: 'sh', name: 'run_shell', arguments: { command } }] },
      { text: 'Started it.' },
    ]);
    cli.sandbox.write('prompt.txt', 'Start it.');
    const result = await runCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    const [pid] = await waitForPids(path.join(cli.sandbox.workspace, 'bg.pid'), 1);
    leftovers.push(pid!);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Started it.');
    expect(isRunning(pid!)).toBe(false);
  });
});
