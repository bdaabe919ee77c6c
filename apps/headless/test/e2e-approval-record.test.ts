import type { ScriptedTurn } from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

const CALLS: ScriptedTurn[] = [
  {
    toolCalls: [
      { id: 'allowed', name: 'run_shell', arguments: { command: 'touch tested.txt' } },
      { id: 'blocked', name: 'run_shell', arguments: { command: 'npm publish' } },
      { id: 'policy', name: 'write_file', arguments: { path: 'notes.md', content: 'n\n' } },
    ],
  },
  { text: 'Done.' },
];

type Line = Record<string, any>;

function lines(stdout: string): Line[] {
  return stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
}

/** How each call's approval went, by call id, as the rules and the policy decided it. */
const EXPECTED = {
  allowed: {
    allowed: true,
    by: 'rule',
    rule: 'run_shell(touch tested.txt)',
    source: 'the allow rule run_shell(touch tested.txt) (--allow)',
  },
  blocked: {
    allowed: false,
    by: 'rule',
    rule: 'run_shell(npm publish)',
    source: 'the deny rule run_shell(npm publish) (--deny), which matches `npm publish`',
  },
  policy: { allowed: true, by: 'policy', source: 'the headless policy' },
};

describe('headless --output jsonl: how each call was approved', () => {
  const cli = useCliHarness();

  it('is in the live events and in the history of a continued run', async () => {
    const server = await cli.serve(CALLS);
    cli.sandbox.write('prompt.txt', 'Test, publish, note.');
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    const flags = [
      ...openAIChatArgs(server.url),
      '--output',
      'jsonl',
      '--allow',
      'run_shell(touch tested.txt)',
      '--deny',
      'run_shell(npm publish)',
    ];
    const first = await runCli(['prompt.txt', ...flags], env);
    expect(first.code).toBe(0);
    const live = lines(first.stdout);
    const approved = Object.fromEntries(
      live.filter((l) => l.type === 'tool_approved').map((l) => [l.id, l.approval]),
    );
    expect(approved).toEqual(EXPECTED);
    const ended = Object.fromEntries(
      live.filter((l) => l.type === 'tool_end').map((l) => [l.activity.id, l.activity.approval]),
    );
    expect(ended).toEqual(EXPECTED);

    const next = await cli.serve([{ text: 'Still done.' }]);
    cli.sandbox.write('again.txt', 'Anything left?');
    const second = await runCli(
      ['again.txt', ...openAIChatArgs(next.url), '--output', 'jsonl', '--continue'],
      env,
    );
    expect(second.code).toBe(0);
    const history = Object.fromEntries(
      lines(second.stdout)
        .filter((l) => l.type === 'history' && l.entry.kind === 'tool')
        .map((l) => [l.entry.id, l.entry.approval]),
    );
    expect(history).toEqual(EXPECTED);
  });

  it('says --yes decided, not the policy, in a run started with it', async () => {
    const server = await cli.serve([
      {
        toolCalls: [
          { id: 'run', name: 'run_shell', arguments: { command: 'touch yes.txt' } },
          { id: 'edit', name: 'write_file', arguments: { path: 'yes.md', content: 'y\n' } },
        ],
      },
      { text: 'Done.' },
    ]);
    cli.sandbox.write('prompt.txt', 'Touch and note.');
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    const run = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), '--output', 'jsonl', '--yes'],
      env,
    );
    expect(run.code).toBe(0);
    const approved = Object.fromEntries(
      lines(run.stdout)
        .filter((l) => l.type === 'tool_approved')
        .map((l) => [l.id, l.approval]),
    );
    const byYes = { allowed: true, by: 'policy', source: 'the --yes flag' };
    expect(approved).toEqual({ run: byYes, edit: byYes });
  });
});
