import fs from 'node:fs';
import path from 'node:path';
import { cliEnv, startCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

describe('headless waiting for its MCP servers', () => {
  const cli = useCliHarness();

  it('SIGINT while the conversation waits for a server that never answers exits 130 before any request', async () => {
    const { sandbox } = cli;
    fs.mkdirSync(sandbox.agentHome, { recursive: true });
    fs.writeFileSync(
      path.join(sandbox.agentHome, 'config.json'),
      JSON.stringify({
        mcpServers: {
          mute: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] },
        },
      }),
    );
    const fake = await cli.serve([{ text: 'never asked' }]);
    sandbox.write('p.txt', 'hello');
    const run = startCli(
      ['p.txt', '--output', 'jsonl', ...openAIChatArgs(fake.url)],
      cliEnv(sandbox, { OPENAI_API_KEY: 'test' }),
    );
    // The start line comes right before the prompt is submitted and the wait begins.
    await run.waitForStdout('"type":"session"');
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    expect(fake.requests).toHaveLength(0);
    expect(result.stdout).toMatch(/"reason":"interrupted"/);
  });
});
