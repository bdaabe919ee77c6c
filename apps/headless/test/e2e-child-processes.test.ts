import fs from 'node:fs';
import path from 'node:path';
import { processGroup } from '@agent/testkit';
import { cliEnv, startCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

/** Waits (bounded) until `check` holds; false if it never did. */
async function eventually(check: () => boolean, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  return check();
}

describe('the child processes of a headless run', () => {
  const cli = useCliHarness();

  /**
   * A `bwrap` first on PATH that records each call into `calls` and then runs the real one (or
   * fails as a missing one would): what the run starts of bubblewrap, observed.
   */
  function recordingBwrap(): { path: string; calls: string } {
    const bin = path.join(path.dirname(cli.sandbox.workspace), 'recording-bin');
    const calls = path.join(path.dirname(cli.sandbox.workspace), 'bwrap-calls');
    fs.mkdirSync(bin);
    const real = (process.env.PATH ?? '')
      .split(path.delimiter)
      .map((dir) => path.join(dir, 'bwrap'))
      .find((file) => fs.existsSync(file));
    fs.writeFileSync(
      path.join(bin, 'bwrap'),
      `#!/bin/sh\necho "$*" >> '${calls}'\n${real ? `exec '${real}' "$@"` : 'exit 1'}\n`,
      { mode: 0o755 },
    );
    return { path: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, calls };
  }

  async function run(prompt: string, env: NodeJS.ProcessEnv, url: string) {
    cli.sandbox.write('prompt.txt', prompt);
    const started = startCli(['prompt.txt', '--yes', ...openAIChatArgs(url)], env, '', {
      detached: true,
    });
    const result = await started.done;
    return { result, group: started.child.pid! };
  }

  it('a turn that runs no command starts no bwrap and leaves no process in its group', async () => {
    const bwrap = recordingBwrap();
    const fake = await cli.serve([{ text: 'Hello.' }]);
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test', PATH: bwrap.path });
    const { result, group } = await run('Say hello.', env, fake.url);
    expect(result.code).toBe(0);
    expect(fs.existsSync(bwrap.calls)).toBe(false);
    expect(await eventually(() => processGroup(group).length === 0)).toBe(true);
  });

  it('a turn that runs a command probes bubblewrap then, and reaps every child before exit', async () => {
    const bwrap = recordingBwrap();
    const fake = await cli.serve([
      { toolCalls: [{ id: 'call_1', name: 'run_shell', arguments: { command: 'echo hi' } }] },
      { text: 'Done.' },
    ]);
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test', PATH: bwrap.path });
    const { result, group } = await run('Run echo.', env, fake.url);
    expect(result.code).toBe(0);
    expect(fs.readFileSync(bwrap.calls, 'utf8')).toContain('-- true');
    expect(await eventually(() => processGroup(group).length === 0)).toBe(true);
  });
});
