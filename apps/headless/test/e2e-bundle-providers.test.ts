import path from 'node:path';
import {
  anthropicProtocol,
  bedrockProtocol,
  genkitProtocol,
  openAIChatProtocol,
  openAIResponsesProtocol,
  startFakeServer,
  type FakeServer,
  type WireProtocol,
} from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

interface ProviderCase {
  protocol: WireProtocol;
  /** The --base-url for a fake at `url`. */
  baseUrl(url: string): string;
  /** The credentials the provider's SDK reads (fake values). */
  env(sandboxRoot: string): Record<string, string>;
}

const OPENAI_KEY = { OPENAI_API_KEY: 'test' };

/** Every provider but the offline demo, each against the fake of its wire protocol. */
const PROVIDERS: Record<string, ProviderCase> = {
  'openai-chat': {
    protocol: openAIChatProtocol,
    baseUrl: (url) => `${url}/v1`,
    env: () => OPENAI_KEY,
  },
  'openai-responses': {
    protocol: openAIResponsesProtocol,
    baseUrl: (url) => `${url}/v1`,
    env: () => OPENAI_KEY,
  },
  anthropic: {
    protocol: anthropicProtocol,
    baseUrl: (url) => url,
    env: () => ({ ANTHROPIC_API_KEY: 'test' }),
  },
  bedrock: {
    protocol: bedrockProtocol,
    baseUrl: (url) => url,
    // Static keys, and no shared config files or instance metadata from the machine.
    env: (root) => ({
      AWS_ACCESS_KEY_ID: 'AKIDFAKE',
      AWS_SECRET_ACCESS_KEY: 'fake-secret',
      AWS_REGION: 'us-east-1',
      AWS_SHARED_CREDENTIALS_FILE: path.join(root, 'no-aws-credentials'),
      AWS_CONFIG_FILE: path.join(root, 'no-aws-config'),
      AWS_EC2_METADATA_DISABLED: 'true',
    }),
  },
  genkit: {
    protocol: genkitProtocol,
    baseUrl: (url) => url,
    env: () => ({ GEMINI_API_KEY: 'test' }),
  },
  text: { protocol: openAIChatProtocol, baseUrl: (url) => `${url}/v1`, env: () => OPENAI_KEY },
};

/**
 * The shipped artifact is one esbuild bundle; every SDK but openai's is required at run time from
 * the workspace package that declares it. Each provider's adapter and SDK must still be reachable.
 */
describe('the bundled agent-run reaches every provider', () => {
  const cli = useCliHarness();
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it.each(Object.keys(PROVIDERS))('%s answers one turn', async (id) => {
    const { protocol, baseUrl, env } = PROVIDERS[id]!;
    const reply = `Bundled ${id} reporting in.`;
    server = await startFakeServer(protocol, [{ text: reply }]);
    cli.sandbox.write('p.txt', 'Say something.');
    const result = await runCli(
      ['p.txt', '--provider', id, '--model', 'test-model', '--base-url', baseUrl(server.url)],
      cliEnv(cli.sandbox, env(path.dirname(cli.sandbox.workspace))),
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
