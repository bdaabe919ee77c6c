import {
  startAnthropicServer,
  startOpenAIChatServer,
  type RecordedRequest,
  type ScriptedTurn,
} from '@agent/testkit';
import { replTmuxBed } from '../../test/support/repl-tmux-bed';

const three = {
  questions: [
    { question: 'Which database should the service use?', options: ['Postgres', 'SQLite'] },
    {
      question: 'Which checks should CI run?',
      options: ['Lint', 'Types', 'Tests'],
      multiSelect: true,
    },
    { question: 'Anything else?', options: ['No', 'Yes'] },
  ],
};
const EXPECTED = '{"answers":["Postgres",["Lint","Tests"],"my text"],"cancelled":false}';

/** The result paired with call `id` in a request, on either wire. */
function toolResult(request: RecordedRequest | undefined, id: string): unknown {
  const messages = (request?.body?.messages ?? []) as Array<Record<string, unknown>>;
  for (const message of messages) {
    if (message.role === 'tool' && message.tool_call_id === id) return message.content;
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Array<Record<string, unknown>>) {
      if (block.type !== 'tool_result' || block.tool_use_id !== id) continue;
      const content = block.content;
      if (typeof content === 'string') return content;
      return (content as Array<{ text?: string }>).map((part) => part.text ?? '').join('');
    }
  }
  return undefined;
}

/** Everything a request's messages say, as one string (a checkpoint's ledger included). */
function requestText(request: RecordedRequest | undefined): string {
  return JSON.stringify([request?.body?.system ?? '', request?.body?.messages ?? []]);
}

const WIRES = [
  { provider: 'openai-chat' as const, start: startOpenAIChatServer },
  { provider: 'anthropic' as const, start: startAnthropicServer },
];

describe.each(WIRES)(
  'ask_user multi-select and the strip in tmux over $provider (issue 25)',
  (wire) => {
    const bed = replTmuxBed('ask-multi', { session: 'ask', provider: wire.provider });
    const { driver, keys, typeText, waitFor } = bed;

    it('three questions answered out of order through the strip; the exact result survives --continue and /compact', async () => {
      const script: ScriptedTurn[] = [
        {
          text: 'Three decisions.',
          toolCalls: [{ id: 'call_multi', name: 'ask_user', arguments: three }],
        },
        { text: 'Decided: Postgres, lint and tests.' },
        { text: 'Still Postgres, lint and tests.' },
        { text: 'The person chose a database and CI checks.' },
        { text: 'After compaction: Postgres, lint and tests.' },
      ];
      const server = (bed.server = await wire.start(script));
      bed.launch({ cols: 100, rows: 32 });
      await waitFor(`${wire.provider}/fake-model`);
      typeText('plan the service');
      keys('Enter');
      let screen = await waitFor('Question 1 of 3');
      expect(screen).toContain('·[database]  ·checks  ·Anything');

      // Tab to the multi-select question: Lint starts ticked; tick Tests, then Done.
      keys('Tab');
      screen = await waitFor('Question 2 of 3');
      expect(screen).toContain('·database  ·[checks]  ·Anything');
      expect(screen).toContain('❯ 1. [✓] Lint (recommended)');
      expect(screen).toContain('  3. [ ] Tests');
      keys('Down', 'Down', 'Space');
      await waitFor('❯ 3. [✓] Tests');
      keys('Down', 'Enter');
      screen = await waitFor('Question 3 of 3');
      expect(screen).toContain('✓checks');
      // Digits go to the typed answer too; the last unanswered question comes next.
      typeText('my text');
      keys('Enter');
      screen = await waitFor('Question 1 of 3');
      expect(screen).toContain('·[database]  ✓checks  ✓Anything');
      keys('Enter');
      screen = await waitFor('Decided: Postgres, lint and tests.');
      expect(screen).toContain('✓ Questionnaire: 3 answers');
      expect(screen).toContain('→ Lint, Tests');
      expect(screen).toContain('→ my text (typed)');
      expect(toolResult(server.requests[1], 'call_multi')).toBe(EXPECTED);

      // Quit, --continue, ask again: the next request carries the exact result.
      await waitFor('· ready');
      await driver.quitRepl('ask');
      bed.launch({ cols: 100, rows: 32 }, '--continue');
      screen = await waitFor('Resumed session');
      expect(screen).toContain('→ Lint, Tests');
      typeText('what did I choose?');
      keys('Enter');
      await waitFor('Still Postgres, lint and tests.');
      expect(toolResult(server.requests[2], 'call_multi')).toBe(EXPECTED);

      // /compact, then a prompt: the ledger beside the summary keeps the exact result.
      await waitFor('· ready');
      typeText('/compact');
      keys('Enter');
      await waitFor('Compacted');
      typeText('and now?');
      keys('Enter');
      await waitFor('After compaction: Postgres, lint and tests.');
      const after = requestText(server.requests[4]);
      expect(after).toContain('The person chose a database and CI checks.');
      expect(after).toContain(JSON.stringify(EXPECTED).slice(1, -1));
      expect(after).toContain('Which checks should CI run?');
      expect(server.remaining()).toBe(0);
    });
  },
);
