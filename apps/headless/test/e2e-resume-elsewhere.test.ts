import fs from 'node:fs';
import path from 'node:path';
import { cliEnv, runCli } from './support/cli';
import { useCliHarness } from './support/harness';

jest.setTimeout(60_000);

describe('headless: a session resumed from another workspace', () => {
  const cli = useCliHarness();

  it('--resume and --continue name both directories: files are read and written in the current one', async () => {
    cli.sandbox.write('p.txt', 'hello');
    const env = cliEnv(cli.sandbox);
    const first = await runCli(['p.txt', '--provider', 'demo', '--output', 'json'], env);
    expect(first.code).toBe(0);
    const { sessionId } = JSON.parse(first.stdout);
    const workspace = cli.sandbox.workspace;
    const other = path.join(workspace, '..', 'other');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'p.txt'), 'hello again');

    const resumed = await runCli(['p.txt', '--resume', sessionId, '--cwd', other], env);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(
      `This session was recorded in ${workspace}, but you are in ${other}: from now on files are read and written in ${other}`,
    );

    // The same workspace: nothing to say.
    const home = await runCli(['p.txt', '--continue'], env);
    expect(home.code).toBe(0);
    expect(home.stderr).not.toContain('This session was recorded in');
  });
});
