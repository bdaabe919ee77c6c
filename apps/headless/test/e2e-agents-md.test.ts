import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cliEnv, startCli, type CliResult } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

// Issue 16 item 3: a symlinked AGENTS.md sent an outside credentials file to the provider; a
// FIFO or /dev/zero link hung start-up with no output. Issue 14 item 6: the person's own
// AGENTS.md in the agent home comes first.

jest.setTimeout(60_000);

describe('headless: AGENTS.md files', () => {
  const cli = useCliHarness();

  /** Runs one turn; a run that takes over 15 s is killed and reported as hung. */
  async function run(
    extraEnv: Record<string, string> = {},
  ): Promise<CliResult & { system: string }> {
    const server = await cli.serve([{ text: 'Noted.' }]);
    cli.sandbox.write('prompt.txt', 'What are the rules?');
    const started = startCli(
      ['prompt.txt', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test', ...extraEnv }),
    );
    const timer = setTimeout(() => started.child.kill('SIGKILL'), 15_000);
    const result = await started.done;
    clearTimeout(timer);
    expect(result.signal).toBeNull();
    const messages: Array<Record<string, any>> = server.requests[0]?.body.messages ?? [];
    return { ...result, system: String(messages.find((m) => m.role === 'system')?.content) };
  }

  it('sends the agent home file then the workspace file, labelled', async () => {
    fs.mkdirSync(cli.sandbox.agentHome, { recursive: true });
    fs.writeFileSync(path.join(cli.sandbox.agentHome, 'AGENTS.md'), 'Be brief.\n');
    cli.sandbox.write('AGENTS.md', 'Use tabs.\n');
    const result = await run();
    expect(result.code).toBe(0);
    const home = result.system.indexOf(
      `--- ${path.join(cli.sandbox.agentHome, 'AGENTS.md')} ---\nBe brief.`,
    );
    expect(home).toBeGreaterThan(0);
    expect(result.system.indexOf('--- AGENTS.md ---\nUse tabs.')).toBeGreaterThan(home);
  });

  it("working in a/b of a repository sends the root's, a's and a/b's AGENTS.md, in that order", async () => {
    fs.mkdirSync(path.join(cli.sandbox.workspace, '.git'));
    cli.sandbox.write('AGENTS.md', 'Root rule.\n');
    cli.sandbox.write('a/AGENTS.md', 'Rule of a.\n');
    cli.sandbox.write('a/b/AGENTS.md', 'Rule of a/b.\n');
    cli.sandbox.write('other/AGENTS.md', 'Not on the way.\n');
    const server = await cli.serve([{ text: 'Noted.' }]);
    cli.sandbox.write('prompt.txt', 'What are the rules?');
    const result = await startCli(
      ['prompt.txt', '--cwd', 'a/b', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    ).done;
    expect(result.code).toBe(0);
    const messages: Array<Record<string, any>> = server.requests[0]!.body.messages;
    const system = String(messages.find((m) => m.role === 'system')?.content);
    const root = system.indexOf('--- AGENTS.md ---\nRoot rule.');
    const a = system.indexOf('--- a/AGENTS.md ---\nRule of a.');
    const ab = system.indexOf('--- a/b/AGENTS.md ---\nRule of a/b.');
    expect(root).toBeGreaterThan(0);
    expect(a).toBeGreaterThan(root);
    expect(ab).toBeGreaterThan(a);
    expect(system).not.toContain('Not on the way.');
  });

  it.each([
    ['a link to an outside credentials file', 'link'],
    ['a FIFO', 'fifo'],
    ['a link to /dev/zero', 'zero'],
  ])('starts promptly and sends nothing of %s', async (_, kind) => {
    const credentials = path.join(path.dirname(cli.sandbox.workspace), 'credentials');
    fs.writeFileSync(credentials, 'aws_secret_access_key = hunter2\n');
    const agents = path.join(cli.sandbox.workspace, 'AGENTS.md');
    if (kind === 'link') fs.symlinkSync(credentials, agents);
    if (kind === 'fifo') execFileSync('mkfifo', [agents]);
    if (kind === 'zero') fs.symlinkSync('/dev/zero', agents);
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Noted.');
    expect(result.system).not.toMatch(/hunter2|AGENTS\.md/);
    expect(result.stderr).toMatch(/Instructions file skipped: AGENTS\.md: .*not read/);
  });

  it('reads CLAUDE.md where a folder has no AGENTS.md, labelled as CLAUDE.md; AGENTS.md wins where both are', async () => {
    fs.mkdirSync(path.join(cli.sandbox.workspace, '.git'));
    cli.sandbox.write('CLAUDE.md', 'Root rule for Claude Code.\n');
    cli.sandbox.write('a/AGENTS.md', 'Rule of a.\n');
    cli.sandbox.write('a/CLAUDE.md', 'Not read: a has AGENTS.md.\n');
    cli.sandbox.write('a/b/CLAUDE.md', 'Rule of a/b for Claude Code.\n');
    fs.writeFileSync(path.join(cli.sandbox.workspace, 'prompt.txt'), 'What are the rules?');
    const server = await cli.serve([{ text: 'Noted.' }]);
    const result = await startCli(
      ['prompt.txt', '--cwd', 'a/b', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    ).done;
    expect(result.code).toBe(0);
    const messages: Array<Record<string, any>> = server.requests[0]?.body.messages ?? [];
    const system = String(messages.find((m) => m.role === 'system')?.content);
    const root = system.indexOf('--- CLAUDE.md ---\nRoot rule for Claude Code.');
    const a = system.indexOf('--- a/AGENTS.md ---\nRule of a.');
    const ab = system.indexOf('--- a/b/CLAUDE.md ---\nRule of a/b for Claude Code.');
    expect(root).toBeGreaterThan(0);
    expect(a).toBeGreaterThan(root);
    expect(ab).toBeGreaterThan(a);
    expect(system).not.toContain('Not read');
  });

  it('reads ~/.claude/CLAUDE.md only when config.json opts in with userClaudeMd', async () => {
    const home = path.join(cli.sandbox.agentHome, '..', 'person');
    fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
    fs.writeFileSync(path.join(home, '.claude', 'CLAUDE.md'), 'My own Claude rule.\n');
    const without = await run({ HOME: home });
    expect(without.code).toBe(0);
    expect(without.system).not.toContain('My own Claude rule.');
    fs.mkdirSync(cli.sandbox.agentHome, { recursive: true });
    fs.writeFileSync(
      path.join(cli.sandbox.agentHome, 'config.json'),
      JSON.stringify({ userClaudeMd: true }),
    );
    const opted = await run({ HOME: home });
    expect(opted.code).toBe(0);
    expect(opted.system).toContain(
      `--- ${path.join(home, '.claude', 'CLAUDE.md')} ---\nMy own Claude rule.`,
    );
  });
});
