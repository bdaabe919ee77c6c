import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';
import {
  PROVIDER_WIRES,
  providerArgs,
  providerEnv,
  type ProviderWire,
} from './support/provider-wires';

jest.setTimeout(60_000);

const OPENAI_KEY = { OPENAI_API_KEY: 'test' };

/** Every provider but the offline demo, each against the fake of its wire protocol. */
const PROVIDERS: Record<string, ProviderWire> = {
  ...PROVIDER_WIRES,
  text: PROVIDER_WIRES['openai-chat']!,
};

/**
 * The shipped artifact is one esbuild bundle; every SDK but openai's is required at run time from
 * the workspace package that declares it. Each provider's adapter and SDK must still be reachable.
 */
describe('the bundled agent-run reaches every provider', () => {
  const cli = useCliHarness();

  it.each(Object.keys(PROVIDERS))('%s answers one turn', async (id) => {
    const wire = PROVIDERS[id]!;
    const reply = `Bundled ${id} reporting in.`;
    const server = await cli.serve([{ text: reply }], wire.protocol);
    cli.sandbox.write('p.txt', 'Say something.');
    const result = await runCli(
      ['p.txt', ...providerArgs(id, wire, server.url)],
      cliEnv(cli.sandbox, providerEnv(wire, cli.sandbox)),
    );
    expect(result.stderr).not.toMatch(/^(error|agent-run:)/m);
    expect(result.stdout).toContain(reply);
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('demo answers offline', async () => {
    const result = await runCli(['-', '--provider', 'demo'], cliEnv(cli.sandbox), 'Hello?');
    expect(result.stdout).toContain('offline demo provider');
    expect(result.code).toBe(0);
  });

  it('runs a tool (validated with zod, loaded at run time) and then answers', async () => {
    cli.sandbox.write('notes.txt', 'the kettle is blue\n');
    const reply = 'The notes say the kettle is blue.';
    const chat = await cli.serve([
      { toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'notes.txt' } }] },
      { text: reply },
    ]);
    cli.sandbox.write('p.txt', 'What do the notes say?');
    const result = await runCli(
      ['p.txt', ...openAIChatArgs(chat.url), '--output', 'json'],
      cliEnv(cli.sandbox, OPENAI_KEY),
    );
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.text).toBe(reply);
    expect(report.messages[0].toolCalls[0]).toMatchObject({ id: 'call_read', status: 'ok' });
    const toolMessage = chat.requests[1]!.body.messages.find((m: any) => m.role === 'tool');
    expect(toolMessage).toMatchObject({ tool_call_id: 'call_read' });
    expect(String(toolMessage.content)).toContain('the kettle is blue');
  });
});
