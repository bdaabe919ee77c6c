import fs from 'node:fs';
import path from 'node:path';
import { cliEnv, runCli } from './support/cli';
import { useCliHarness } from './support/harness';
import { PROVIDER_WIRES, providerArgs, providerEnv } from './support/provider-wires';

jest.setTimeout(60_000);

const PRICE = { input: 3, output: 15, cachedInput: 0.3 };
const USAGE = { inputTokens: 1000, outputTokens: 100, cachedTokens: 800 };

describe.each([
  // Chat Completions counts cached tokens inside prompt_tokens; Anthropic reports cache reads
  // besides input_tokens, and the agent counts every prompt token as input.
  ['openai-chat', USAGE.inputTokens],
  ['anthropic', USAGE.inputTokens + USAGE.cachedTokens],
])('headless --output json usage against %s', (id, inputPerResponse) => {
  const cli = useCliHarness();
  const wire = PROVIDER_WIRES[id]!;

  async function run(extra: string[]) {
    const server = await cli.serve([{ text: 'Done.', usage: USAGE }], wire.protocol);
    cli.sandbox.write('prompt.txt', 'Say done.');
    const result = await runCli(
      ['prompt.txt', ...providerArgs(id, wire, server.url), '--output', 'json', ...extra],
      cliEnv(cli.sandbox, providerEnv(wire, cli.sandbox)),
    );
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout) as { usage: Record<string, any> };
  }

  it('gives the tokens per model with cached ones apart, the cost, and a resumed session’s earlier turns', async () => {
    fs.mkdirSync(cli.sandbox.agentHome, { recursive: true });
    fs.writeFileSync(
      path.join(cli.sandbox.agentHome, 'config.json'),
      JSON.stringify({ prices: { 'test-model': PRICE } }),
    );
    const costPerResponse =
      ((inputPerResponse - USAGE.cachedTokens) * PRICE.input +
        USAGE.cachedTokens * PRICE.cachedInput +
        USAGE.outputTokens * PRICE.output) /
      1e6;

    const first = await run([]);
    expect(first.usage).toMatchObject({
      inputTokens: inputPerResponse,
      outputTokens: USAGE.outputTokens,
      cachedTokens: USAGE.cachedTokens,
      models: [
        {
          provider: id,
          model: 'test-model',
          inputTokens: inputPerResponse,
          outputTokens: USAGE.outputTokens,
          cachedTokens: USAGE.cachedTokens,
          responses: 1,
        },
      ],
      total: { inputTokens: inputPerResponse, cachedTokens: USAGE.cachedTokens, unpriced: [] },
    });
    expect(first.usage.total.cost).toBeCloseTo(costPerResponse, 10);

    const resumed = await run(['--continue']);
    // This run's own figures stay at one response; the session's count both.
    expect(resumed.usage.inputTokens).toBe(inputPerResponse);
    expect(resumed.usage.models).toEqual([
      expect.objectContaining({ inputTokens: 2 * inputPerResponse, responses: 2 }),
    ]);
    expect(resumed.usage.total.cost).toBeCloseTo(2 * costPerResponse, 10);
  });

  it('leaves the cost out for a model without a price', async () => {
    const result = await run([]);
    expect(result.usage.models[0].cost).toBeUndefined();
    expect(result.usage.total).toEqual({
      inputTokens: inputPerResponse,
      outputTokens: USAGE.outputTokens,
      cachedTokens: USAGE.cachedTokens,
      unpriced: ['test-model'],
    });
  });
});
