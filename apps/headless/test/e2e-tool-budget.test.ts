import fs from 'node:fs';
import path from 'node:path';
import { hostileMcpStdio } from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { useCliHarness } from './support/harness';

jest.setTimeout(60_000);

type Body = Record<string, any>;

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
}

function toolNames(body: Body): string[] {
  return (body.tools ?? []).map((tool: Body) => tool.function.name as string);
}

function toolResults(body: Body): string[] {
  return body.messages
    .filter((m: { role: string }) => m.role === 'tool')
    .map((m: { content: unknown }) => String(m.content));
}

function chatArgs(url: string, model: string): string[] {
  return ['--provider', 'openai-chat', '--model', model, '--base-url', `${url}/v1`];
}

/** The tools offered without any MCP server: the built-in ones. */
async function builtInTools(cli: ReturnType<typeof useCliHarness>): Promise<string[]> {
  const fake = await cli.serve([{ text: 'none' }]);
  cli.sandbox.write('plain.txt', 'Hello');
  const result = await runCli(
    ['plain.txt', ...chatArgs(fake.url, 'gpt-4.1')],
    cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
  );
  expect(result.code).toBe(0);
  return toolNames(fake.requests[0]!.body);
}

describe('headless with more MCP tools than a request can carry', () => {
  const cli = useCliHarness();

  it("OpenAI gets at most 128 tools, built-in ones first; the warning names what was left out; a left-out tool's call fails saying why", async () => {
    const { sandbox } = cli;
    const builtIn = await builtInTools(cli);
    expect(builtIn).toEqual(expect.arrayContaining(['read_file', 'run_shell', 'task']));
    writeJson(path.join(sandbox.agentHome, 'config.json'), {
      mcpServers: { big: hostileMcpStdio('many-tools', '1000') },
    });
    const fake = await cli.serve([
      { toolCalls: [{ id: 'call_far', name: 'mcp__big__tool_999', arguments: { value: 'x' } }] },
      { text: 'That tool is not offered.' },
    ]);
    sandbox.write('prompt.txt', 'Use tool 999');
    const result = await runCli(
      ['prompt.txt', '--yes', ...chatArgs(fake.url, 'gpt-4.1')],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const sent = toolNames(fake.requests[0]!.body);
    expect(sent).toHaveLength(128);
    expect(sent.slice(0, builtIn.length)).toEqual(builtIn);
    // The rest are the server's first tools, in its order.
    expect(sent.slice(builtIn.length, builtIn.length + 2)).toEqual([
      'mcp__big__ping',
      'mcp__big__tool_1',
    ]);
    const leftOut = 1001 - (128 - builtIn.length);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('Tools left out'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      `Tools left out: ${leftOut} of the 1001 tools of MCP server big (openai-chat accepts at most 128 tools); 128 tools are offered.`,
    );
    expect(warnings[0]).toContain(
      `mcp.withholdTools in ${path.join(sandbox.agentHome, 'settings.json')}`,
    );
    expect(toolResults(fake.requests[1]!.body)[0]).toMatch(
      /The tool "mcp__big__tool_999" is not offered: it was left out to stay within the tool budget \(openai-chat accepts at most 128 tools\)/,
    );
    expect(result.stdout).toContain('That tool is not offered.');
  });

  it("past the size budget (a quarter of the model's context window) tools are left out too, whole servers first", async () => {
    const { sandbox } = cli;
    writeJson(path.join(sandbox.agentHome, 'config.json'), {
      mcpServers: {
        big: hostileMcpStdio('many-tools', '1000'),
        small: hostileMcpStdio('many-tools', '2'),
      },
    });
    const fake = await cli.serve([{ text: 'ok' }]);
    sandbox.write('prompt.txt', 'Hi');
    const result = await runCli(
      ['prompt.txt', ...chatArgs(fake.url, 'gpt-4o')],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const body = fake.requests[0]!.body;
    const sent = toolNames(body);
    expect(sent.length).toBeLessThan(128);
    // 25% of gpt-4o's 128,000 tokens, at 3.5 characters a token.
    expect(JSON.stringify(body.tools).length).toBeLessThanOrEqual(32_000 * 3.5);
    // The small server fits whole although it comes after the big one.
    expect(sent).toEqual(
      expect.arrayContaining(['mcp__small__ping', 'mcp__small__tool_1', 'mcp__small__tool_2']),
    );
    expect(sent).toContain('mcp__big__tool_1');
    expect(result.stderr).toMatch(
      /Tools left out: \d+ of the 1001 tools of MCP server big \(tool schemas may take at most 25% of gpt-4o's 128,000-token context window\); \d+ tools are offered/,
    );
    expect(result.stderr).not.toMatch(/MCP server small/);
  });

  it('servers withheld in settings.json offer no tools, and nothing is left out of the rest', async () => {
    const { sandbox } = cli;
    writeJson(path.join(sandbox.agentHome, 'config.json'), {
      mcpServers: {
        big: hostileMcpStdio('many-tools', '1000'),
        small: hostileMcpStdio('many-tools', '2'),
      },
    });
    writeJson(path.join(sandbox.agentHome, 'settings.json'), { mcp: { withholdTools: ['big'] } });
    const fake = await cli.serve([
      { toolCalls: [{ id: 'call_big', name: 'mcp__big__ping', arguments: {} }] },
      { toolCalls: [{ id: 'call_small', name: 'mcp__small__ping', arguments: {} }] },
      { text: 'done' },
    ]);
    sandbox.write('prompt.txt', 'Ping both');
    const result = await runCli(
      ['prompt.txt', '--yes', ...chatArgs(fake.url, 'gpt-4.1')],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const sent = toolNames(fake.requests[0]!.body);
    expect(sent.filter((name) => name.startsWith('mcp__big__'))).toEqual([]);
    expect(sent.filter((name) => name.startsWith('mcp__small__'))).toEqual([
      'mcp__small__ping',
      'mcp__small__tool_1',
      'mcp__small__tool_2',
    ]);
    expect(result.stderr).not.toContain('left out');
    expect(toolResults(fake.requests[1]!.body)).toEqual([
      'The tool "mcp__big__ping" is not offered: the person chose not to offer the tools of the MCP server "big".',
    ]);
    expect(toolResults(fake.requests[2]!.body).at(-1)).toBe('pong');
  });
});
