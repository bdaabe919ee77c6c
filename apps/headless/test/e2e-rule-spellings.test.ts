import type { FakeServer, ScriptedTurn } from '@agent/testkit';
import { DENIED_SPELLINGS } from '@agent/tools/testing';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

// Issue 23: with --yes and deny rules for touch and git push, 26 respellings ran anyway.

jest.setTimeout(60_000);

const SPELLINGS = [
  ...DENIED_SPELLINGS,
  // The allow side: a rule for one command never covers a chained, substituted or redirected one.
  'echo ok $(touch x)',
  'echo ok; touch x',
];

function results(server: FakeServer): Record<string, string> {
  const messages: Array<Record<string, any>> = server.requests[1]!.body.messages;
  return Object.fromEntries(
    messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, String(m.content)]),
  );
}

describe('headless deny rules', () => {
  const cli = useCliHarness();

  it('refuse every spelling of a denied command, with --yes, naming the rule', async () => {
    const turns: ScriptedTurn[] = [
      {
        toolCalls: SPELLINGS.map((command, i) => ({
          id: `c${i}`,
          name: 'run_shell',
          arguments: { command },
        })),
      },
      { text: 'Done.' },
    ];
    const server = await cli.serve(turns);
    cli.sandbox.write('prompt.txt', 'Touch x.');
    const result = await runCli(
      [
        'prompt.txt',
        ...openAIChatArgs(server.url),
        '--yes',
        '--deny',
        'run_shell(touch)',
        '--deny',
        'run_shell(git push)',
      ],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const got = results(server);
    const refused = SPELLINGS.map((command, i) => [
      command,
      /blocked by the deny rule run_shell\((touch|git push)\) \(--deny\)/.test(got[`c${i}`]!),
    ]);
    expect(refused).toEqual(SPELLINGS.map((command) => [command, true]));
    expect(got.c10).toContain('eval runs a string');
    expect(cli.sandbox.exists('x')).toBe(false);
  });

  it('say which allow rule was checked and why it did not cover a refused call', async () => {
    const server = await cli.serve([
      {
        toolCalls: [
          { id: 'ok', name: 'run_shell', arguments: { command: 'touch a 2>&1 | tail -3' } },
          { id: 'no', name: 'run_shell', arguments: { command: 'touch b && rm a' } },
          { id: 'ro', name: 'run_shell', arguments: { command: 'sleep 0.1; echo done' } },
        ],
      },
      { text: 'Done.' },
    ]);
    cli.sandbox.write('prompt.txt', 'Touch.');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), '--allow', 'run_shell(touch)'],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const got = results(server);
    expect(cli.sandbox.exists('a')).toBe(true);
    expect(cli.sandbox.exists('b')).toBe(false);
    expect(got.no).toContain(
      'the allow rule run_shell(touch) (--allow) did not cover it: `rm a` is neither covered by an allow rule nor a known read-only command',
    );
    expect(got.ro).toContain('done');
  });
});
