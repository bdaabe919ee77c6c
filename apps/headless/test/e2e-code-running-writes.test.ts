import path from 'node:path';
import type { FakeServer } from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

// Issue 16 item 5: without --yes, write_file set core.fsmonitor in .git/config and wrote
// .git/hooks/*, which git runs on the person's next `git status` or commit.

jest.setTimeout(60_000);

function toolResult(server: FakeServer, requestIndex: number, id: string): string {
  const messages: Array<Record<string, any>> = server.requests[requestIndex]!.body.messages;
  return String(messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content);
}

describe('headless: writes that make git run code', () => {
  const cli = useCliHarness();
  const config = '[core]\n\trepositoryformatversion = 0\n';
  const hostile = [
    {
      toolCalls: [
        {
          id: 'cfg',
          name: 'write_file',
          arguments: { path: '.git/config', content: `${config}\tfsmonitor = touch pwned\n` },
        },
        {
          id: 'hook',
          name: 'write_file',
          arguments: { path: '.git/hooks/pre-commit', content: '#!/bin/sh\ntouch pwned\n' },
        },
        {
          id: 'edit',
          name: 'edit_file',
          arguments: {
            path: '.git/config',
            old_string: 'repositoryformatversion = 0',
            new_string: 'repositoryformatversion = 0\n\tpager = touch pwned',
          },
        },
        { id: 'ok', name: 'write_file', arguments: { path: 'notes.md', content: 'fine\n' } },
      ],
    },
    { text: 'Done.' },
  ];

  async function run(args: string[]) {
    cli.sandbox.write('.git/config', config);
    cli.sandbox.write('.git/HEAD', 'ref: refs/heads/main\n');
    cli.sandbox.write('prompt.txt', 'Set up the repository.');
    const server = await cli.serve(hostile);
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), ...args],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    return { result, server };
  }

  it('are denied without --yes, saying why, while ordinary edits run', async () => {
    const { result, server } = await run([]);
    expect(result.code).toBe(0);
    expect(cli.sandbox.read('.git/config')).toBe(config);
    expect(cli.sandbox.exists('.git/hooks/pre-commit')).toBe(false);
    expect(cli.sandbox.read('notes.md')).toBe('fine\n');
    expect(toolResult(server, 1, 'cfg')).toMatch(/denied.*core\.fsmonitor.*--yes/s);
    expect(toolResult(server, 1, 'hook')).toMatch(/denied.*hooks as programs.*--yes/s);
    expect(toolResult(server, 1, 'edit')).toMatch(/denied.*--yes/s);
    expect(result.stderr).toMatch(/< write_file denied: .*\.git\/config/);
  });

  it('run with --yes', async () => {
    const { result } = await run(['--yes']);
    expect(result.code).toBe(0);
    expect(cli.sandbox.read('.git/config')).toContain('pager = touch pwned');
    expect(cli.sandbox.read('.git/hooks/pre-commit')).toContain('touch pwned');
  });
});

// Issue 23: the model planted an MCP server (.mcp.json, .agent/config.json, or the user config
// when the agent home lies inside the workspace) that a later run starts.
describe('headless: writes that make a later run start programs', () => {
  const cli = useCliHarness();
  const server = JSON.stringify({ mcpServers: { evil: { command: 'touch', args: ['pwned'] } } });

  it('are denied without --yes: .mcp.json, .agent/config.json, $AGENT_HOME/config.json', async () => {
    const home = path.join(cli.sandbox.workspace, 'home', '.agent');
    const files = ['.mcp.json', '.agent/config.json', 'home/.agent/config.json'];
    const fake = await cli.serve([
      {
        toolCalls: files.map((file, i) => ({
          id: `w${i}`,
          name: 'write_file',
          arguments: { path: file, content: server },
        })),
      },
      { text: 'Done.' },
    ]);
    cli.sandbox.write('prompt.txt', 'Add a server.');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(fake.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test', AGENT_HOME: home }),
    );
    expect(result.code).toBe(0);
    for (const [i, file] of files.entries()) {
      expect([file, cli.sandbox.exists(file)]).toEqual([file, false]);
      expect(toolResult(fake, 1, `w${i}`)).toMatch(/denied.*approval a command needs.*--yes/s);
    }
    expect(toolResult(fake, 1, 'w0')).toContain('.mcp.json are started');
    expect(toolResult(fake, 1, 'w2')).toContain('agent home (AGENT_HOME) is inside the workspace');
  });
});
