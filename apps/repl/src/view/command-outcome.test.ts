import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allowAll, runShellTool } from '@agent/tools';
import { commandOutcome, formatDuration } from './command-outcome';

describe('commandOutcome of real run_shell results', () => {
  let workspace: string;
  beforeAll(() => {
    workspace = mkdtempSync(path.join(os.tmpdir(), 'command-outcome-'));
  });
  afterAll(() => rmSync(workspace, { recursive: true, force: true }));

  async function run(command: string, timeout_ms?: number) {
    const result = await runShellTool({ killGraceMs: 100 }).execute(
      { command, ...(timeout_ms ? { timeout_ms } : {}) },
      {
        signal: new AbortController().signal,
        workspaceRoot: workspace,
        toolCallId: 'c1',
        person: allowAll,
      },
    );
    return commandOutcome(result.summary, result.output);
  }

  it('reads the exit code once and drops its bracketed copy from the output', async () => {
    expect(await run('echo hi')).toEqual({ ending: 'exit 0', body: 'hi' });
    expect(await run('echo a; echo b >&2; exit 3')).toEqual({ ending: 'exit 3', body: 'a\nb' });
    expect(await run('true')).toEqual({ ending: 'exit 0', body: '' });
  });

  it('says a command timed out or was killed', async () => {
    expect((await run('sleep 5', 200))?.ending).toBe('timed out after 0.2 s');
    expect((await run('kill -9 $$'))?.ending).toBe('killed by SIGKILL');
  });

  it('says a command ran sandboxed and what the sandbox blocked, keeping its line with the output', () => {
    expect(
      commandOutcome(
        '$ npm test: exit code 0',
        'ok\n\n[exit code 0; ran sandboxed]\n[Sandboxed: there is no network.]',
      ),
    ).toEqual({ ending: 'exit 0 · sandboxed', body: 'ok\n\nSandboxed: there is no network.' });
    expect(
      commandOutcome(
        '$ curl x: exit code 6 (sandbox blocked the network)',
        'fail\n\n[exit code 6; ran sandboxed]\n[The sandbox blocked the network.]',
      )?.ending,
    ).toBe('exit 6 · sandboxed · sandbox blocked the network');
    expect(
      commandOutcome('aborted; the command and its child processes were killed', 'x')?.ending,
    ).toBe('aborted');
  });

  it('leaves other tools alone', () => {
    expect(commandOutcome('read 40 lines of a.ts', 'x')).toBeUndefined();
    expect(commandOutcome(undefined, 'x')).toBeUndefined();
  });
});

describe('formatDuration', () => {
  it('gives tenths under 10 s, whole seconds under a minute, then minutes', () => {
    expect(formatDuration(42)).toBe('0.0 s');
    expect(formatDuration(2140)).toBe('2.1 s');
    expect(formatDuration(12_900)).toBe('12 s');
    expect(formatDuration(65_000)).toBe('1m 05s');
  });
});
