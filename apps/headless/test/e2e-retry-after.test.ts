import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

const cli = useCliHarness();

describe('rate limits in a headless run', () => {
  it('a 429 asking for Retry-After: 999999 fails at once with a clear error on stderr', async () => {
    const server = await cli.serve([
      { text: 'never', fault: { kind: 'status', status: 429, times: 5, retryAfter: '999999' } },
    ]);
    cli.sandbox.write('p.txt', 'Hello.');
    const began = Date.now();
    const result = await runCli(
      ['p.txt', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(Date.now() - began).toBeLessThan(20_000);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /asked to wait 277\.8 h \(Retry-After\), longer than the 60 s the agent waits/,
    );
  });

  it('a short Retry-After is waited out and shown on stderr', async () => {
    const server = await cli.serve([
      { text: 'Done waiting.', fault: { kind: 'status', status: 429, times: 1, retryAfter: '1' } },
    ]);
    cli.sandbox.write('p.txt', 'Hello.');
    const result = await runCli(
      ['p.txt', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Done waiting.');
    expect(result.stderr).toMatch(/retrying in 1 s \(attempt 1 of 2\): rate limited/);
  });
});
