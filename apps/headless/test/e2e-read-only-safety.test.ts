import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FakeServer, ScriptedTurn } from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

// Issue 33 items 1-6, through the real runner with the sandbox off: what the rules call
// read-only never runs code, writes or shows a secret without approval, and deny rules hold
// under --yes through wrappers and shells reading code from their input.

jest.setTimeout(90_000);

const SECRET = 'sk-issue-33-secret';

/** Each line would create its marker file (or print SECRET) if it ran. */
const NOT_FREE: Record<string, string> = {
  // 1. variables set through env
  envGit:
    "env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch M1' git status",
  // 2. variables that redirect configuration
  home: 'HOME=. git status',
  homeStatement: 'HOME=.; git status',
  // 3. expansions that execute
  arithmetic: "x='a[$(touch M3)]'; echo $((x))",
  testEq: 'x=\'a[$(touch M3b)]\'; [[ 1 -eq "$x" ]]',
  transform: "x='$(touch M3c)'; echo ${x@P}",
  // 4. writes through options
  sortPrefix: 'sort --o=M4 /dev/null',
  sortCluster: 'sort -uoM4b /dev/null',
  // 5. secrets
  key: 'echo $OPENAI_API_KEY',
  sshKey: 'cat ~/.ssh/id_rsa',
  environ: 'cat /proc/self/environ',
  exportP: 'export -p',
};
const MARKERS = ['M1', 'M2', 'M3', 'M3b', 'M3c', 'M4', 'M4b'];

/** Each line would create its marker with `touch` if it ran. */
const DENIED: Record<string, string> = {
  flock: 'flock L touch D1',
  taskset: 'taskset 1 touch D2',
  chrt: 'chrt -o 0 touch D3',
  script: "script -qc 'touch D4' /dev/null",
  strace: 'strace -f -o /dev/null touch D5',
  pipe: 'echo touch D6 | bash',
  procsub: 'source <(echo touch D7)',
  stdin: "echo 'touch D8' | . /dev/stdin",
  herestring: "bash <<< 'touch D9'",
  nested: 'nice -n 1 ionice -c 3 setsid stdbuf -oL touch D10',
};

function results(server: FakeServer): Record<string, string> {
  const messages: Array<Record<string, any>> = server.requests[1]!.body.messages;
  return Object.fromEntries(
    messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, String(m.content)]),
  );
}

function calls(lines: Record<string, string>): ScriptedTurn[] {
  return [
    {
      toolCalls: Object.entries(lines).map(([id, command]) => ({
        id,
        name: 'run_shell',
        arguments: { command },
      })),
    },
    { text: 'Done.' },
  ];
}

describe('headless: what runs without a card (issue 33)', () => {
  const cli = useCliHarness();

  it('refuses, without --yes, every line that could run code, write or show a secret', async () => {
    const server = await cli.serve(calls(NOT_FREE));
    const ws = cli.sandbox.workspace;
    execFileSync('git', ['init', '-q'], { cwd: ws });
    cli.sandbox.write('.gitconfig', '[core]\n\tfsmonitor = touch M2\n');
    const home = path.join(path.dirname(ws), 'home');
    fs.mkdirSync(path.join(home, '.ssh'), { recursive: true });
    fs.writeFileSync(path.join(home, '.ssh', 'id_rsa'), `${SECRET}-ssh\n`);
    cli.sandbox.write('prompt.txt', 'Look around.');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), '--sandbox', 'off'],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: SECRET, HOME: home }),
    );
    expect(result.code).toBe(0);
    const got = results(server);
    const refused = Object.keys(NOT_FREE).map((id) => [id, /re-run with --yes/.test(got[id]!)]);
    expect(refused).toEqual(Object.keys(NOT_FREE).map((id) => [id, true]));
    expect(Object.values(got).join('\n')).not.toContain(SECRET);
    expect(MARKERS.filter((marker) => cli.sandbox.exists(marker))).toEqual([]);
  });

  it('holds a deny rule under --yes through wrappers and shells reading their input', async () => {
    const server = await cli.serve(calls(DENIED));
    cli.sandbox.write('prompt.txt', 'Touch.');
    const result = await runCli(
      [
        'prompt.txt',
        ...openAIChatArgs(server.url),
        '--yes',
        '--sandbox',
        'off',
        '--deny',
        'run_shell(touch)',
      ],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const got = results(server);
    const refused = Object.keys(DENIED).map((id) => [
      id,
      /blocked by the deny rule run_shell\(touch\) \(--deny\)/.test(got[id]!),
    ]);
    expect(refused).toEqual(Object.keys(DENIED).map((id) => [id, true]));
    const left = fs.readdirSync(cli.sandbox.workspace).filter((name) => /^D\d+$/.test(name));
    expect(left).toEqual([]);
  });

  it('--explain says why, rule by rule, with the workspace settings, and runs nothing', async () => {
    cli.sandbox.write(
      '.agent/settings.json',
      JSON.stringify({ permissions: { deny: ['run_shell(touch)'] } }),
    );
    const env = cliEnv(cli.sandbox);
    const denied = await runCli(['--explain', 'echo touch E1 | bash'], env);
    expect(denied.code).toBe(0);
    expect(denied.stdout).toContain('verdict: denied');
    expect(denied.stdout).toContain('could run any program');
    expect(denied.stdout).toContain(
      `deny run_shell(touch) (${path.join(cli.sandbox.workspace, '.agent', 'settings.json')})`,
    );
    const asks = await runCli(['--explain', 'HOME=. git status', '--allow', 'run_shell(ls)'], env);
    expect(asks.stdout).toContain('verdict: asks');
    expect(asks.stdout).toContain('`HOME=. git status`: no allow rule covers it');
    expect(asks.stdout).toContain('allow run_shell(ls) (--allow)');
    const free = await runCli(['--explain', 'git status && ls | wc -l'], env);
    expect(free.stdout).toContain('verdict: runs without a card');
    expect(free.stdout).toContain('`wc -l`: a known read-only command');
    expect(cli.sandbox.exists('E1')).toBe(false);
  });
});
