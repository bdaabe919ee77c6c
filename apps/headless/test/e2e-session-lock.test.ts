import { cliEnv, runCli, sessionEvents, startCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

const cli = useCliHarness();

describe('two runs never interleave turns in one session', () => {
  it('a second --continue of a session in use fails clearly; once the first ends it continues', async () => {
    const server = await cli.serve([
      { text: ['First answer.'] },
      { text: ['Still thinking'], fault: { kind: 'hang', afterEvents: 2 } },
      { text: ['Third answer.'] },
    ]);
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    cli.sandbox.write('one.txt', 'One.');
    cli.sandbox.write('two.txt', 'Two.');
    cli.sandbox.write('three.txt', 'Three.');
    expect((await runCli(['one.txt', ...openAIChatArgs(server.url)], env)).code).toBe(0);

    const first = startCli(['two.txt', ...openAIChatArgs(server.url), '--continue'], env);
    await first.waitForStdout('Still thinking');
    const second = await runCli(['three.txt', ...openAIChatArgs(server.url), '--continue'], env);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/in use by another agent process \(pid \d+\)/);

    first.child.kill('SIGINT');
    expect((await first.done).code).toBe(130);
    const third = await runCli(['three.txt', ...openAIChatArgs(server.url), '--continue'], env);
    expect(third.code).toBe(0);

    const [file] = cli.sandbox.sessionFiles().filter((name) => name.endsWith('.jsonl'));
    const prompts = sessionEvents(file!)
      .filter((e) => e.type === 'user')
      .map((e) => e.text);
    expect(prompts).toEqual(['One.', 'Two.', 'Three.']);
  });
});
