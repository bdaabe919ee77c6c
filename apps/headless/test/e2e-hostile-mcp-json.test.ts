import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

/**
 * A cloned repository cannot stop the agent with its `.mcp.json` before it is trusted
 * (issue 26 items 1 and 2): the file is reported and the run goes on.
 */
describe('headless with a hostile .mcp.json', () => {
  const cli = useCliHarness();

  it.each([
    [
      'nested 3,000 deep',
      () => cli.sandbox.write('.mcp.json', `${'['.repeat(3000)}${']'.repeat(3000)}`),
      /nested more than 64 levels deep/,
    ],
    [
      'a FIFO',
      () => execFileSync('mkfifo', [path.join(cli.sandbox.workspace, '.mcp.json')]),
      /not a regular file/,
    ],
  ])('%s: reported, and the run answers', async (_name, plant, problem) => {
    plant();
    cli.sandbox.write('prompt.txt', 'Hello');
    const fake = await cli.serve([{ text: 'fine' }]);
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(fake.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.stderr).toMatch(problem);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('fine');
  });
});
