import fs from 'node:fs';
import path from 'node:path';
import { gatedServer, isAlive } from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

function toolNames(body: Record<string, any>): string[] {
  return (body.tools ?? []).map((tool: { function: { name: string } }) => tool.function.name);
}

describe('headless with a server whose tools are remembered', () => {
  const cli = useCliHarness();

  it('the first request offers the tools the server listed last run without waiting for its start', async () => {
    const { sandbox } = cli;
    const script = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    const gated = gatedServer(sandbox.agentHome, [process.execPath, script, 'stdio']);
    fs.writeFileSync(
      path.join(sandbox.agentHome, 'config.json'),
      JSON.stringify({ mcpServers: { gated: gated.entry } }),
    );
    sandbox.write('prompt.txt', 'Hello');
    const fake = await cli.serve([
      { text: 'first' },
      { text: 'second' },
      {
        toolCalls: [{ id: 'call_echo', name: 'mcp__gated__echo', arguments: { message: 'a  b ' } }],
      },
      { text: 'echoed' },
    ]);
    const env = cliEnv(sandbox, { OPENAI_API_KEY: 'test' });
    const args = ['prompt.txt', '--yes', ...openAIChatArgs(fake.url)];

    // The first run waits for the server (nothing is remembered yet).
    const first = runCli(args, env);
    await gated.open();
    expect((await first).code).toBe(0);
    expect(toolNames(fake.requests[0]!.body)).toContain('mcp__gated__echo');

    // The server is held at its start for the whole run: its tools are offered all the same,
    // and the run ends without waiting for it, leaving no process behind.
    const second = await runCli(args, env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('second');
    expect(toolNames(fake.requests[1]!.body)).toContain('mcp__gated__echo');
    const held = gated.pid();
    for (let i = 0; i < 100 && isAlive(held); i++) await new Promise((r) => setTimeout(r, 50));
    expect(isAlive(held)).toBe(false);

    // A call to a remembered tool waits for the server to be up, then runs on it.
    const third = runCli(args, env);
    await gated.open();
    const result = await third;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('echoed');
    const toolMessage = fake.requests[3]!.body.messages.find(
      (m: { role: string }) => m.role === 'tool',
    );
    expect(String(toolMessage.content)).toContain('a  b ');
  });
});
