import {
  contextBreakdown,
  messageTokens,
  rememberMessageTokens,
  tokenBound,
  type Message,
  type ProviderRequest,
} from '../src';

// A request is counted only when it may reach a limit: `tokenBound` adds the counts already made
// (a resumed session brings its file's) to the bytes of everything else, and never falls below
// the exact count.

const TEXTS = [
  'Please fix the failing test in src/parser.ts.',
  '漢字のテキストと日本語の説明がここに入ります。',
  '🙂🎉 emoji and ZWJ 👩‍👩‍👧 sequences',
  '='.repeat(300),
  JSON.stringify({ nested: { list: [1, 2, 3], text: 'quoted "text"' } }),
];

function conversation(): Message[] {
  return TEXTS.flatMap((text, i): Message[] => [
    { role: 'user', text },
    {
      role: 'assistant',
      text: `Answer ${i}: ${text}`,
      toolCalls: [
        {
          id: `c${i}`,
          name: 'read_file',
          input: { path: `src/${text.slice(0, 8)}.ts` },
          status: i % 2 === 0 ? 'ok' : 'error',
          summary: `read ${text.length} characters`,
          ...(i % 2 === 0 ? { retainedOutput: text } : {}),
        },
      ],
    },
  ]);
}

function request(messages: Message[]): ProviderRequest {
  return { system: 'You are a coding agent.', messages, tools: [] };
}

describe('tokenBound', () => {
  it('is never below the exact or the estimated count', () => {
    const req = request(conversation());
    const bound = tokenBound(req, 'openai');
    expect(bound.atMost).toBeGreaterThanOrEqual(contextBreakdown(req, 'openai').total);
    expect(bound.atMost).toBeGreaterThanOrEqual(contextBreakdown(req, 'estimate').total);
  });

  it('takes the counts already made of messages, bytes only for the rest', () => {
    const messages = conversation();
    const system = Buffer.byteLength('You are a coding agent.');
    const counted = messageTokens(messages.slice(0, 4), 'openai');
    const bound = tokenBound(request(messages), 'openai');
    expect(bound.atMost - bound.uncounted).toBe(counted.history + counted.toolResults);
    const all = messageTokens(messages, 'openai');
    const exact = tokenBound(request(messages), 'openai');
    expect(exact).toEqual({ atMost: system + all.history + all.toolResults, uncounted: system });
  });
});

describe('rememberMessageTokens', () => {
  it('gives a message a count made elsewhere', () => {
    const [fresh, copy] = [conversation(), conversation()];
    for (const [i, message] of fresh.entries()) {
      rememberMessageTokens(copy[i]!, 'openai', messageTokens([message], 'openai'));
    }
    expect(tokenBound(request(copy), 'openai').uncounted).toBe(
      Buffer.byteLength('You are a coding agent.'),
    );
    expect(messageTokens(copy, 'openai')).toEqual(messageTokens(fresh, 'openai'));
  });

  it('does not take a count the message cannot have', () => {
    const message: Message = { role: 'user', text: 'short' };
    for (const history of [1_000_000, -1, 2.5, Number.NaN]) {
      rememberMessageTokens(message, 'openai', { history, toolResults: 0 });
      expect(tokenBound(request([message]), 'openai').uncounted).toBeGreaterThan(0);
    }
    rememberMessageTokens(message, 'openai', { history: 2, toolResults: 5 });
    expect(messageTokens([message], 'openai')).toEqual(
      messageTokens([{ role: 'user', text: 'short' }], 'openai'),
    );
  });

  it('is dropped once the message changes (a call ends)', () => {
    const message: Message = {
      role: 'assistant',
      text: 'Running the tests.',
      toolCalls: [{ id: 'r', name: 'run_shell', input: {}, status: 'pending', summary: '' }],
    };
    rememberMessageTokens(message, 'openai', { history: 3, toolResults: 3 });
    expect(messageTokens([message], 'openai')).toEqual({ history: 3, toolResults: 3 });
    message.toolCalls[0]!.status = 'ok';
    message.toolCalls[0]!.summary = 'exit 0: 12 passed';
    expect(messageTokens([message], 'openai')).not.toEqual({ history: 3, toolResults: 3 });
  });
});
