import fs from 'node:fs';
import path from 'node:path';
import type { FakeServer, ScriptedTurn } from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

/** The `tool` results of the second request, by call id. */
function results(server: FakeServer): Record<string, string> {
  const messages: Array<Record<string, any>> = server.requests[1]!.body.messages;
  return Object.fromEntries(
    messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, String(m.content)]),
  );
}

const TWO_COMMANDS: ScriptedTurn[] = [
  {
    toolCalls: [
      { id: 'test', name: 'run_shell', arguments: { command: 'touch tested.txt' } },
      { id: 'pub', name: 'run_shell', arguments: { command: 'npm publish --dry-run' } },
      { id: 'chain', name: 'run_shell', arguments: { command: 'echo tested; touch chained.txt' } },
    ],
  },
  { text: 'Done.' },
];

describe('headless permission rules', () => {
  const cli = useCliHarness();

  async function run(args: string[]) {
    const server = await cli.serve(TWO_COMMANDS);
    cli.sandbox.write('prompt.txt', 'Test and publish.');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), ...args],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    return { result, server };
  }

  it('--allow runs matching commands without --yes; a deny beats an allow', async () => {
    const { result, server } = await run([
      '--allow',
      'run_shell(touch tested.txt)',
      '--allow',
      'run_shell(npm *)',
      '--deny',
      'run_shell(npm publish)',
    ]);
    expect(result.code).toBe(0);
    const got = results(server);
    expect(cli.sandbox.exists('tested.txt')).toBe(true);
    expect(got.pub).toContain('blocked by the deny rule run_shell(npm publish) (--deny)');
    // An allowed prefix never covers a chained command: it falls back to the headless policy.
    expect(got.chain).toContain('re-run with --yes');
    expect(cli.sandbox.exists('chained.txt')).toBe(false);
  });

  it('a deny rule beats --yes; rules come from the user settings file too', async () => {
    fs.mkdirSync(cli.sandbox.agentHome, { recursive: true });
    fs.writeFileSync(
      path.join(cli.sandbox.agentHome, 'settings.json'),
      JSON.stringify({ permissions: { deny: ['run_shell(npm publish)'] } }),
    );
    const { result, server } = await run(['--yes']);
    expect(result.code).toBe(0);
    const got = results(server);
    expect(got.pub).toContain(`blocked by the deny rule run_shell(npm publish)`);
    expect(got.pub).toContain('settings.json');
    expect(cli.sandbox.exists('tested.txt')).toBe(true);
  });

  it("ignores a cloned workspace's own allow rules, but applies its deny rules", async () => {
    cli.sandbox.write(
      '.agent/settings.json',
      JSON.stringify({ permissions: { allow: ['run_shell'], deny: ['run_shell(npm publish)'] } }),
    );
    const { result, server } = await run([]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('allow rule(s) in');
    const got = results(server);
    expect(got.test).toContain('re-run with --yes');
    expect(got.pub).toContain('blocked by the deny rule');
    expect(cli.sandbox.exists('tested.txt')).toBe(false);
  });

  it('warns of rules naming unknown tools (a Claude Code name gets ours), and says who denied', async () => {
    const { result, server } = await run([
      '--allow',
      'Bash(touch tested.txt)',
      '--allow',
      'nosuchtool',
      '--allow',
      'mcp__github__*',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("Claude Code's Bash is run_shell here");
    expect(result.stderr).toContain('unknown tool "nosuchtool"');
    expect(result.stderr).not.toContain('rule mcp__github__*');
    // The rule is not translated: the command falls to the headless policy, named as such.
    expect(cli.sandbox.exists('tested.txt')).toBe(false);
    expect(results(server).test).toContain(
      'denied, not by a person: it was blocked by the headless policy.',
    );
  });

  it('rejects a malformed rule as a usage error', async () => {
    cli.sandbox.write('prompt.txt', 'x');
    const result = await runCli(['prompt.txt', '--allow', 'run shell('], cliEnv(cli.sandbox));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('bad permission rule "run shell("');
  });
});
