import fs from 'node:fs';
import path from 'node:path';
import { cliEnv, runCli, sessionEvents } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

const cli = useCliHarness();

/** The text of the user prompt each session file recorded. */
function recordedPrompts(): string[] {
  return cli.sandbox
    .sessionFiles()
    .flatMap((file) => sessionEvents(file).filter((event) => event.type === 'user'))
    .map((event) => event.text as string);
}

describe('what the runner tells the person', () => {
  it('--continue names the resumed session, not a flag, as where the provider comes from', async () => {
    cli.sandbox.write('p.txt', 'hello');
    const env = cliEnv(cli.sandbox);
    const first = await runCli(['p.txt'], env);
    expect(first.code).toBe(0);
    const resumed = await runCli(['p.txt', '--continue'], env);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(
      'provider: demo (demo); provider "demo" from the resumed session',
    );
    expect(resumed.stderr).not.toContain('from --provider');
  });

  it.each([
    ['standard input', 'what now\n', 'what now'],
    ['standard input, CRLF', 'what now\r\n', 'what now'],
    ['standard input, two newlines', 'what now\n\n', 'what now\n'],
    ['a file', 'from a file\n', 'from a file'],
    ['a file without a newline', '  spaced  ', '  spaced  '],
  ])('a prompt from %s loses exactly one trailing newline', async (source, text, recorded) => {
    const env = cliEnv(cli.sandbox);
    const fromFile = source.startsWith('a file');
    if (fromFile) cli.sandbox.write('p.txt', text);
    const result = await runCli([fromFile ? 'p.txt' : '-'], env, fromFile ? '' : text);
    expect(result.code).toBe(0);
    expect(recordedPrompts()).toEqual([recorded]);
  });

  it('--max-iterations 1 says "1 model call" and how to continue a headless run', async () => {
    const call = { name: 'read_file', arguments: { path: 'p.txt' } };
    const server = await cli.serve([{ toolCalls: [call] }, { text: 'never reached' }]);
    cli.sandbox.write('p.txt', 'Read p.txt.');
    const result = await runCli(
      ['p.txt', '--max-iterations', '1', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'error: Stopped after 1 model call in one turn (the iteration limit). To let it continue, run agent-run again with --continue',
    );
    expect(result.stderr).not.toContain('Send a message');
  });

  it('--resume with an ambiguous id lists at most ten matches, newest first, and exits 2', async () => {
    const dir = path.join(cli.sandbox.agentHome, 'sessions');
    fs.mkdirSync(dir, { recursive: true });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const minute = String(i).padStart(2, '0');
      const id = `2026-12-01T10-${minute}-00-abcd`;
      const file = path.join(dir, `${id}.jsonl`);
      const start = {
        v: 1,
        type: 'session_start',
        id: 'e',
        ts: '2026-12-01T10:00:00.000Z',
        cwd: cli.sandbox.workspace,
      };
      fs.writeFileSync(file, `${JSON.stringify(start)}\n`);
      const when = new Date(`2026-12-01T10:${minute}:00Z`);
      fs.utimesSync(file, when, when);
      ids.unshift(id);
    }
    cli.sandbox.write('p.txt', 'hello');
    const result = await runCli(['p.txt', '--resume', '2026-12'], cliEnv(cli.sandbox));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `agent-run: --resume: "2026-12" matches 12 sessions, newest first: ${ids.slice(0, 10).join(', ')}, …and 2 more\n`,
    );
  });
});
