import { tokenBound, tokensAtMost, type Message, type ProviderRequest } from '../src';

// A resumed history's last recorded usage is the provider's count of the messages up to it: the
// bound takes it instead of their bytes, so a resume far from the window needs no count.

const OWNER = { provider: 'openai-chat', model: 'gpt-test' };
const TEXT = 'The off-by-one in the loop bound is fixed and its tests pass. '.repeat(40);

function history(turns: number, options: { rawOutput?: boolean } = {}): Message[] {
  return Array.from({ length: turns }, (_, turn): Message[] => [
    { role: 'user', text: `Fix module ${turn}.` },
    {
      role: 'assistant',
      text: TEXT,
      toolCalls: [
        {
          id: `c${turn}`,
          name: 'read_file',
          input: { path: `src/module-${turn}.ts` },
          status: 'ok',
          summary: 'read 120 lines',
          ...(options.rawOutput ? { output: 'line\n'.repeat(100) } : {}),
        },
      ],
      provider: OWNER.provider,
      model: OWNER.model,
      // Four bytes a token, as the provider counted the request that produced it.
      usage: { inputTokens: 1000 + turn * 700, outputTokens: 400 },
    },
  ]).flat();
}

function request(messages: Message[]): ProviderRequest {
  return {
    system: 'You are a coding agent.',
    messages: [...messages, { role: 'user', text: 'Next?' }],
    tools: [],
  };
}

const bytes = (req: ProviderRequest): number => tokenBound(req, 'openai').atMost;

describe('tokenBound with recorded usage', () => {
  it("takes the last response's usage for the messages up to it, and bytes for the rest", () => {
    const req = request(history(50));
    const bound = tokenBound(req, 'openai', OWNER);
    const last = req.messages.at(-2) as Extract<Message, { role: 'assistant' }>;
    const usage = last.usage!.inputTokens + last.usage!.outputTokens;
    expect(bound.atMost).toBeGreaterThan(usage);
    expect(bound.atMost).toBeLessThan(usage + 200 + tokensAtMost(req.system));
    expect(bound.atMost).toBeLessThan(bytes(req) / 2);
    expect(bound.uncounted).toBeLessThan(200);
  });

  it('takes no usage of another provider or model, nor one before a raw output', () => {
    const req = request(history(50));
    expect(tokenBound(req, 'openai', { ...OWNER, model: 'other' }).atMost).toBe(bytes(req));
    expect(tokenBound(req, 'openai', { ...OWNER, provider: 'anthropic' }).atMost).toBe(bytes(req));
    const live = request(history(50, { rawOutput: true }));
    expect(tokenBound(live, 'openai', OWNER).atMost).toBe(bytes(live));
  });

  it('takes no usage too small to be the count of its request', () => {
    const messages = history(50);
    const last = messages.at(-1) as Extract<Message, { role: 'assistant' }>;
    last.usage = { inputTokens: 20, outputTokens: 6 };
    const req = request(messages);
    const bound = tokenBound(req, 'openai', OWNER);
    expect(bound.atMost).toBeGreaterThan(bytes(req) / 2);
  });
});
