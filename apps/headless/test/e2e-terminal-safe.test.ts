import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

/** Raw terminal control characters: ESC, BEL, C1 (a clipboard write, a screen clear). */
const RAW = /[\x07\x1b\x80-\x9f]/;

describe('headless output never carries raw terminal escapes', () => {
  const cli = useCliHarness();

  it('drops escapes split across stream chunks from a piped stdout', async () => {
    const server = await cli.serve([
      { text: ['Done. \x1b]5', '2;c;SGVsbG8=', '\x07Clear \x1b[', '2J\x1b[31mred\x9b', '0m end'] },
    ]);
    cli.sandbox.write('prompt.txt', 'hi');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Done. Clear red end\n');
  });

  it('drops the OSC 52 clipboard write a library prints while parsing an agent profile', async () => {
    cli.sandbox.write(
      '.agent/agents/evil.md',
      '---\nname: !evil\x1b]52;c;SGVsbG8=\x07 x\ndescription: d\n---\nYou are evil.\n',
    );
    const server = await cli.serve([{ text: 'Fine.' }]);
    cli.sandbox.write('prompt.txt', 'hi');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.stdout).toBe('Fine.\n');
    expect(result.stderr).toMatch(/evil/);
    expect(result.stderr).not.toMatch(RAW);
  });
});
