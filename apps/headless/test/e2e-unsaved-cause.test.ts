import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bwrapForTests } from '@agent/tools/testing';
import { APP_DIR, cliEnv, MAIN, type CliResult } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

const describeBwrap = bwrapForTests() ? describe : describe.skip;
// Giving a folder to another owner needs root; the user namespace then makes the run a stranger.
const rootOnly = process.getuid?.() === 0 ? it : it.skip;

/** `node agent-run.js args` inside bubblewrap with `binds` (the whole system bound as it is). */
function runInBwrap(binds: string[], args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const child = spawn(
    'bwrap',
    [
      '--bind',
      '/',
      '/',
      '--dev',
      '/dev',
      ...binds,
      '--chdir',
      APP_DIR,
      '--',
      process.execPath,
      MAIN,
      ...args,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

/**
 * Why a session cannot be saved is named for what it is: a read-only file system (EROFS) or a
 * folder the run may not write (EACCES), not `ENOENT ... mkdir` with advice to free disk space.
 */
describeBwrap('headless: the cause of an unsaved session (real bubblewrap)', () => {
  const cli = useCliHarness();

  it('a read-only bind of AGENT_HOME: EROFS, a read-only file system, not saved', async () => {
    const home = path.join(path.dirname(cli.sandbox.workspace), 'ro-home');
    fs.mkdirSync(home);
    cli.sandbox.write('prompt.txt', 'say hi');
    const server = await cli.serve([{ text: 'hi there' }]);
    const run = await runInBwrap(
      ['--ro-bind', home, home],
      [path.join(cli.sandbox.workspace, 'prompt.txt'), ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test', AGENT_HOME: home }),
    );
    expect(run.stdout).toContain('hi there');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`AGENT_HOME ${home} is on a read-only file system (EROFS`);
    expect(run.stderr).toContain('this session is not saved');
    expect(run.stderr).not.toContain('ENOENT');
    expect(run.stderr).not.toContain('free disk space');
    expect(run.stderr).toMatch(/session \S+ was not saved: it cannot be continued/);
  });

  rootOnly('an AGENT_HOME the run may not write: EACCES, no permission, not saved', async () => {
    const home = path.join(path.dirname(cli.sandbox.workspace), 'locked-home');
    fs.mkdirSync(home, { mode: 0o755 });
    fs.chownSync(home, 12345, 12345);
    cli.sandbox.write('prompt.txt', 'say hi');
    const server = await cli.serve([{ text: 'hi there' }]);
    const run = await runInBwrap(
      ['--unshare-user', '--uid', '1000', '--gid', '1000'],
      [path.join(cli.sandbox.workspace, 'prompt.txt'), ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test', AGENT_HOME: home }),
    );
    expect(run.stdout).toContain('hi there');
    expect(run.stderr).toContain(`no permission to write in AGENT_HOME ${home} (EACCES`);
    expect(run.stderr).toContain('this session is not saved');
    expect(run.stderr).not.toContain('free disk space');
  });
});
