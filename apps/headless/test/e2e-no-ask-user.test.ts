import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

describe('headless never executes ask_user', () => {
  const cli = useCliHarness();

  it('a model that calls ask_user anyway gets a correctable error and the run finishes', async () => {
    const server = await cli.serve([
      {
        toolCalls: [
          {
            id: 'call_ask',
            name: 'ask_user',
            arguments: { questions: [{ question: 'Which database?', options: ['A', 'B'] }] },
          },
        ],
      },
      { text: 'Going with A, the safer default.' },
    ]);
    cli.sandbox.write('prompt.txt', 'Pick a database.');
    const started = Date.now();
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Going with A');
    const messages: Array<Record<string, any>> = server.requests[1]!.body.messages;
    const toolResult = messages.find((m) => m.role === 'tool');
    expect(toolResult).toMatchObject({ tool_call_id: 'call_ask' });
    expect(String(toolResult!.content)).toMatch(/unknown tool "?ask_user"?/i);
  });
});
