import { promises as fs, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { makeWorkspace, runTool, type Fixture } from './__tests__/workspace-fixture';
import { stopShellProcesses } from './process-groups';
import { runShellTool, SHELL_OUTPUT_HEAD_BYTES, SHELL_OUTPUT_TAIL_BYTES } from './run-shell';

let ws: Fixture;
const tool = runShellTool({ killGraceMs: 300 });

beforeEach(async () => {
  ws = await makeWorkspace({ 'hello.txt': 'hi\n' });
});

afterEach(async () => {
  await stopShellProcesses(300);
  await ws.cleanup();
});

/** Dead or a zombie waiting to be reaped: either way the process no longer runs. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitForFile(file: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    if (text.split('\n').filter(Boolean).length >= 2) return text;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${file} never appeared`);
}

describe('run_shell', () => {
  it('runs in the workspace root and reports the exit code', async () => {
    const result = await runTool(tool, { command: 'pwd; cat hello.txt' }, ws.ctx());
    expect(result).toEqual({
      output: `${ws.root}\nhi\n\n[exit code 0]`,
      summary: '$ pwd; cat hello.txt: exit code 0',
    });
  });

  it('interleaves stderr with stdout and marks a non-zero exit as an error', async () => {
    const command = 'echo out; sleep 0.2; echo err >&2; sleep 0.2; echo out2; exit 3';
    const result = await runTool(tool, { command }, ws.ctx());
    expect(result.isError).toBe(true);
    expect(result.output).toBe('out\nerr\nout2\n\n[exit code 3]');
    expect(result.summary).toMatch(/: exit code 3$/);
  });

  it('keeps the head and tail of long output and says how much was dropped', async () => {
    const total = SHELL_OUTPUT_HEAD_BYTES + SHELL_OUTPUT_TAIL_BYTES + 100_000;
    const command = `printf 'BEGIN'; head -c ${total - 6} /dev/zero | tr '\\0' x; printf 'END'`;
    const result = await runTool(tool, { command }, ws.ctx());
    expect(result.output.startsWith('BEGINxxx')).toBe(true);
    expect(result.output).toMatch(/xxxEND\n\n\[exit code 0\]$/);
    expect(result.output).toContain('\n\n[... 100002 bytes of output omitted ...]\n\n');
    expect(result.output.length).toBeLessThan(
      SHELL_OUTPUT_HEAD_BYTES + SHELL_OUTPUT_TAIL_BYTES + 200,
    );
  });

  it('reports the latest output line as progress while running', async () => {
    const updates: Array<{ text: string; data?: unknown }> = [];
    const ctx = { ...ws.ctx(), onUpdate: (update: { text: string }) => updates.push(update) };
    await runTool(
      tool,
      { command: 'echo one; sleep 0.4; printf "\\e[1mtwo\\e[0m\\n"; sleep 0.4' },
      ctx,
    );
    expect(updates.map((update) => update.text)).toEqual(['one', 'two']);
    // The output since the previous update, for front ends that show it as it arrives.
    expect(updates.map((update) => update.data)).toEqual([
      { output: 'one\n' },
      { output: 'two\n' },
    ]);
  });

  it('kills a command that runs past its timeout', async () => {
    const started = Date.now();
    const result = await runTool(
      tool,
      { command: 'echo started; sleep 30', timeout_ms: 800 },
      ws.ctx(),
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.isError).toBe(true);
    expect(result.output).toBe(
      'started\n\n[timed out after 0.8 s; the command and its child processes were killed]',
    );
  });

  it('escalates to SIGKILL when the command ignores SIGTERM', async () => {
    const started = Date.now();
    const command = "trap '' TERM; echo ready; while true; do sleep 0.1; done";
    const result = await runTool(tool, { command, timeout_ms: 600 }, ws.ctx());
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.output).toMatch(/^ready\n\n\[timed out after 0.6 s/);
  });

  it('on abort kills the whole process group, children included, and settles quickly', async () => {
    const pids = path.join(ws.root, 'pids');
    const controller = new AbortController();
    const command = `sleep 30 & echo $! > pids; echo $$ >> pids; sleep 30; wait`;
    const running = runTool(tool, { command }, ws.ctx(controller.signal));
    const [child, shell] = (await waitForFile(pids)).trim().split('\n').map(Number);
    expect(isRunning(child)).toBe(true);
    const abortedAt = Date.now();
    controller.abort();
    const result = await running;
    expect(Date.now() - abortedAt).toBeLessThan(1500);
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/\[aborted; the command and its child processes were killed\]$/);
    expect(isRunning(child)).toBe(false);
    expect(isRunning(shell)).toBe(false);
  });

  it('stops the background jobs a finished command left behind (issue 16 item 6)', async () => {
    const command = 'sleep 60 >/dev/null 2>&1 & echo $!';
    const result = await runTool(tool, { command }, ws.ctx());
    const pid = Number(result.output.split('\n')[0]);
    expect(result.output).toMatch(/\[exit code 0\]$/);
    const started = Date.now();
    await stopShellProcesses(300);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(isRunning(pid)).toBe(false);
  });

  it('when nobody awaits an aborted command, stopShellProcesses still kills what ignores SIGTERM', async () => {
    const pids = path.join(ws.root, 'pids');
    const controller = new AbortController();
    const command = `trap '' TERM; sleep 60 & echo $! > pids; echo $$ >> pids; wait`;
    // As the loop does on an interrupt: it stops waiting for the call at once.
    void runTool(tool, { command }, ws.ctx(controller.signal));
    const [child, shell] = (await waitForFile(pids)).trim().split('\n').map(Number);
    controller.abort();
    await stopShellProcesses(300);
    expect(isRunning(child!)).toBe(false);
    expect(isRunning(shell!)).toBe(false);
  });

  it('does not start when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await runTool(tool, { command: 'touch ran' }, ws.ctx(controller.signal));
    expect(result.isError).toBe(true);
    await expect(fs.stat(path.join(ws.root, 'ran'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses timeouts above ten minutes and describes calls', async () => {
    const result = await runTool(tool, { command: 'true', timeout_ms: 600_001 }, ws.ctx());
    expect(result.output).toMatch(/^Invalid arguments for run_shell: timeout_ms: /);
    // The whole command, every line and character: the card shows exactly what runs.
    const hostile = `echo hello\x1b]0;x\ntouch MARKER\x07 ${'x'.repeat(200)}`;
    expect(tool.describe!({ command: hostile })).toBe(`$ ${hostile}`);
    expect(tool.describe!({ command: 'npm test\n  --watch' })).toBe('$ npm test\n  --watch');
    expect(tool.permission).toBe('exec');
  });
});
