import fs from 'node:fs';
import path from 'node:path';
import { createTrustStore, loadServerConfigs } from '@agent/mcp';
import { isAlive } from '@agent/testkit';
import { cliEnv, runCli, sessionEvents } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

/** `mcpServers` entry running a server installed from the npm registry, with this Node. */
function server(name: 'server-filesystem' | 'server-everything', ...args: string[]) {
  const script = require.resolve(`@modelcontextprotocol/${name}/dist/index.js`);
  return { command: process.execPath, args: [script, ...args] };
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
}

function toolNames(body: Record<string, any>): string[] {
  return (body.tools ?? []).map((tool: { function: { name: string } }) => tool.function.name);
}

function toolResults(body: Record<string, any>): string[] {
  return body.messages
    .filter((m: { role: string }) => m.role === 'tool')
    .map((m: { content: unknown }) => String(m.content));
}

describe('headless with MCP servers', () => {
  const cli = useCliHarness();

  it('the model lists a folder through server-filesystem from config.json, end to end', async () => {
    const { sandbox } = cli;
    sandbox.write('notes/plan.md', '# plan\n');
    writeJson(path.join(sandbox.agentHome, 'config.json'), {
      mcpServers: { files: server('server-filesystem', sandbox.workspace) },
    });
    const fake = await cli.serve([
      {
        toolCalls: [
          {
            id: 'call_ls',
            name: 'mcp__files__list_directory',
            arguments: { path: path.join(sandbox.workspace, 'notes') },
          },
        ],
      },
      { text: 'The folder holds plan.md.' },
    ]);
    sandbox.write('prompt.txt', 'What is in notes?');
    const result = await runCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(fake.url)],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.stderr).not.toMatch(/MCP server files failed/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('The folder holds plan.md.');
    // The server's tools are in the very first request: headless waits for its servers.
    expect(toolNames(fake.requests[0]!.body)).toEqual(
      expect.arrayContaining(['read_file', 'mcp__files__list_directory']),
    );
    expect(toolResults(fake.requests[1]!.body).join('\n')).toContain('plan.md');
    const [file] = sandbox.sessionFiles();
    const ended = sessionEvents(file!).find((event) => event.type === 'tool_end');
    expect(ended).toMatchObject({ callId: 'call_ls', status: 'ok' });
  });

  it('the first request lists the server tools, and no server process is left after the run exits', async () => {
    const { sandbox } = cli;
    const pidFile = path.join(sandbox.agentHome, 'server.pid');
    const { command, args } = server('server-everything', 'stdio');
    // The shell becomes the server (exec), so its pid is the server's.
    const line = `echo $$ > '${pidFile}'; exec ${[command, ...args].map((a) => `'${a}'`).join(' ')}`;
    writeJson(path.join(sandbox.agentHome, 'config.json'), {
      mcpServers: { everything: { command: 'sh', args: ['-c', line] } },
    });
    const fake = await cli.serve([{ text: 'Hello.' }]);
    sandbox.write('prompt.txt', 'Hello');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(fake.url)],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(toolNames(fake.requests[0]!.body)).toContain('mcp__everything__echo');
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    // Killed as the runner exited; reaped once orphaned, so a bounded wait.
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
    expect(isAlive(pid)).toBe(false);
  });

  it("a workspace's .mcp.json starts only with --trust-mcp; --yes alone does not trust it", async () => {
    const { sandbox } = cli;
    writeJson(path.join(sandbox.workspace, '.mcp.json'), {
      mcpServers: { everything: server('server-everything', 'stdio') },
    });
    sandbox.write('prompt.txt', 'Hello');
    const fake = await cli.serve([{ text: 'first' }, { text: 'second' }]);
    const env = cliEnv(sandbox, { OPENAI_API_KEY: 'test' });

    const untrusted = await runCli(['prompt.txt', '--yes', ...openAIChatArgs(fake.url)], env);
    expect(untrusted.code).toBe(0);
    expect(untrusted.stderr).toMatch(/\.mcp\.json servers were not started \(everything\)/);
    expect(untrusted.stderr).toContain('--trust-mcp');
    expect(toolNames(fake.requests[0]!.body).some((name) => name.startsWith('mcp__'))).toBe(false);

    const trusted = await runCli(
      ['prompt.txt', '--yes', '--trust-mcp', ...openAIChatArgs(fake.url)],
      env,
    );
    expect(trusted.code).toBe(0);
    expect(trusted.stderr).not.toMatch(/were not started/);
    expect(toolNames(fake.requests[1]!.body)).toContain('mcp__everything__echo');
    // --trust-mcp is not remembered.
    expect(fs.existsSync(path.join(sandbox.agentHome, 'trusted-workspaces.json'))).toBe(false);
  });

  it('a workspace the person trusted in the REPL still starts in headless only with --trust-mcp', async () => {
    const { sandbox } = cli;
    writeJson(path.join(sandbox.workspace, '.mcp.json'), {
      mcpServers: { everything: server('server-everything', 'stdio') },
    });
    // What `/mcp trust` in the REPL records, for this very configuration.
    const { workspaceDigest } = loadServerConfigs(sandbox.agentHome, sandbox.workspace);
    await createTrustStore(sandbox.agentHome).trust(sandbox.workspace, workspaceDigest);
    sandbox.write('prompt.txt', 'Hello');
    const fake = await cli.serve([{ text: 'first' }]);
    const result = await runCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(fake.url)],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/\.mcp\.json servers were not started \(everything\)/);
    expect(toolNames(fake.requests[0]!.body).some((name) => name.startsWith('mcp__'))).toBe(false);
    // --help says the same.
    const help = await runCli(['--', '--help'], cliEnv(sandbox));
    expect(help.stdout).toContain('needed even where the REPL trusted them');
  });

  it('reports a malformed .mcp.json and runs on', async () => {
    const { sandbox } = cli;
    sandbox.write('.mcp.json', '{ "mcpServers": ');
    sandbox.write('prompt.txt', 'Hello');
    const fake = await cli.serve([{ text: 'fine' }]);
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(fake.url)],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/MCP configuration: .*\.mcp\.json: not valid JSON/);
    expect(result.stdout).toContain('fine');
  });

  it("a server's question is declined at once in headless and recorded in the session", async () => {
    const { sandbox } = cli;
    writeJson(path.join(sandbox.agentHome, 'config.json'), {
      mcpServers: { everything: server('server-everything', 'stdio') },
    });
    const fake = await cli.serve([
      {
        toolCalls: [
          { id: 'call_e', name: 'mcp__everything__trigger-elicitation-request', arguments: {} },
        ],
      },
      { text: 'done' },
    ]);
    sandbox.write('prompt.txt', 'Ask me');
    const started = Date.now();
    const result = await runCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(fake.url)],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/MCP server everything asked a question: decline/);
    expect(toolResults(fake.requests[1]!.body).join('\n')).toMatch(/decline/i);
    const [file] = sandbox.sessionFiles();
    const recorded = sessionEvents(file!).find((event) => event.type === 'elicitation');
    expect(recorded).toMatchObject({ server: 'everything', mode: 'form', action: 'decline' });
  });
});
