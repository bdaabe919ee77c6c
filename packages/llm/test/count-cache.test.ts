import { messageTokens, type Message } from '../src';

// A request's history is counted every turn: a message is counted once, and again only when
// what can change in it (a call ending, its result arriving) changed. Messages' texts never change
// once written, so a text swapped in place for one of equal length shows whether it was counted
// again.

function history(turns: number): Message[] {
  const messages: Message[] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({
      role: 'user',
      text: `Please fix the failing test number ${turn} in the parser.`,
    });
    messages.push({
      role: 'assistant',
      text: `Reading the test ${turn} first.`,
      toolCalls: [
        {
          id: `c${turn}`,
          name: 'read_file',
          input: { path: `test/parser-${turn}.test.ts` },
          status: 'ok',
          summary: 'read 20 lines',
          output: `it('parses case ${turn}', () => expect(parse('${turn}')).toBe(${turn}));`,
        },
      ],
    });
  }
  return messages;
}

function swapTexts(messages: Message[]): void {
  for (const message of messages) {
    if (message.role === 'user')
      (message as { text: string }).text = '漢'.repeat(message.text.length);
  }
}

describe('exact token counts per message', () => {
  it('are not computed again for a history that did not change', () => {
    const messages = history(200);
    const first = messageTokens(messages, 'openai');
    const fresh = history(200);
    swapTexts(fresh);
    expect(messageTokens(fresh, 'openai')).not.toEqual(first);
    swapTexts(messages);
    expect(messageTokens([...messages], 'openai')).toEqual(first);
  });

  it('are computed again for a message whose call ended', () => {
    const pending: Message = {
      role: 'assistant',
      text: 'Running the tests.',
      toolCalls: [
        {
          id: 'run',
          name: 'run_shell',
          input: { command: 'npm test' },
          status: 'pending',
          summary: '',
        },
      ],
    };
    const grown = [...history(200), pending];
    const before = messageTokens(grown, 'openai');
    const call = pending.toolCalls[0]!;
    call.status = 'ok';
    call.output = 'Tests: 412 passed, 412 total '.repeat(20);
    const after = messageTokens(grown, 'openai');
    expect(after.toolResults).toBeGreaterThan(before.toolResults + 100);
    expect(after.history).toBe(before.history);
  });
});
