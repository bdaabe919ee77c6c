import { startOpenAIChatServer } from '@agent/testkit';
import { allowAll, type PersonRequestKind } from '@agent/tools';
import { Conversation, openSavedSession, type ConversationEvent } from '../src';
import { pickTool, WHEN, WHICH } from './support/pick-tool';
import { fakeChoice, sessionBox, writeA } from './support/session-box';

const ALL: PersonRequestKind[] = ['approval', 'questionnaire', 'form', 'url', 'plan'];

/** The events a conversation said, and a wait for the next one of a type. */
function recorder() {
  const events: ConversationEvent[] = [];
  const waiters: Array<{ type: string; resolve(event: ConversationEvent): void }> = [];
  const listener = (event: ConversationEvent): void => {
    events.push(event);
    for (const waiter of waiters.filter((w) => w.type === event.type)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  };
  const next = <T extends ConversationEvent['type']>(type: T) =>
    new Promise<ConversationEvent & { type: T }>((resolve) =>
      waiters.push({ type, resolve: resolve as (event: ConversationEvent) => void }),
    );
  return { events, listener, next };
}

describe('Conversation: operations in, events out', () => {
  const box = sessionBox('conversation');
  const open = (extra: Partial<Parameters<typeof Conversation.open>[0]> = {}) =>
    Conversation.open({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice(box.server!.url, box.home),
      extraTools: [pickTool],
      mcp: false,
      ...extra,
    });

  it('shows an approval to every viewer with the choices the runtime computed; the first answer counts', async () => {
    box.server = await startOpenAIChatServer([writeA('hello'), { text: 'Written.' }]);
    const seen = recorder();
    const conversation = await open({
      viewers: [
        { name: 'the terminal', kinds: ALL },
        { name: 'the web page', kinds: ALL },
      ],
      onEvent: seen.listener,
    });
    try {
      const shown = seen.next('card_shown');
      expect(await conversation.submit({ type: 'prompt', text: 'write it' })).toEqual({ ok: true });
      const { card } = await shown;
      expect(card.request.kind).toBe('approval');
      expect(card.choices?.choices.map((choice) => choice.id)).toEqual([
        'once',
        'session',
        'workspace',
        'user',
        'deny-session',
        'deny',
      ]);
      expect(card.choices?.rule).toBe('write_file(a.txt)');
      // A choice the card does not offer, and a card that is not shown, are refused in words.
      expect(
        await conversation.submit({
          type: 'answer',
          id: 'nope',
          answer: { kind: 'approval', choice: 'once' },
        }),
      ).toEqual({ ok: false, reason: 'no card nope is waiting for an answer' });
      expect(
        await conversation.submit({
          type: 'answer',
          id: card.request.id,
          answer: { kind: 'plan', decision: { decision: 'keep-planning', note: 'x' } },
        }),
      ).toEqual({
        ok: false,
        reason: `card ${card.request.id} asks for a approval answer, not a plan one`,
      });
      const closed = seen.next('card_closed');
      const answer = { kind: 'approval' as const, choice: 'session' as const };
      expect(
        await conversation.submit({ type: 'answer', id: card.request.id, answer }, 'the web page'),
      ).toEqual({ ok: true });
      expect((await closed).closing).toEqual({ how: 'answered', by: 'the web page', answer });
      // The terminal's late answer to the same card is refused: it was answered on the page.
      expect(
        (await conversation.submit({ type: 'answer', id: card.request.id, answer }, 'the terminal'))
          .ok,
      ).toBe(false);
      const ended = await seen.next('turn_ended');
      expect(ended.result.reason).toBe('done');
      const types = seen.events.map((event) => event.type);
      expect(types.indexOf('turn_started')).toBeLessThan(types.indexOf('card_shown'));
    } finally {
      await conversation.close();
    }
  });

  it('withdraws a shown card when the turn is interrupted, and says so', async () => {
    box.server = await startOpenAIChatServer([writeA('hello'), { text: 'never' }]);
    const seen = recorder();
    const conversation = await open({
      viewers: [{ name: 'the terminal', kinds: ALL }],
      onEvent: seen.listener,
    });
    try {
      const shown = seen.next('card_shown');
      await conversation.submit({ type: 'prompt', text: 'write it' });
      const { card } = await shown;
      const closed = seen.next('card_closed');
      const ended = seen.next('turn_ended');
      await conversation.submit({ type: 'interrupt' });
      const closing = (await closed).closing;
      expect(closing.how).toBe('withdrawn');
      expect((await ended).result.reason).toBe('interrupted');
      expect(conversation.openCards.shown).toBeUndefined();
      expect(card.request.signal.aborted).toBe(true);
    } finally {
      await conversation.close();
    }
  });

  it('sends kinds no viewer shows to the unattended policy, without a card', async () => {
    box.server = await startOpenAIChatServer([writeA('hello'), { text: 'Written.' }]);
    const seen = recorder();
    const conversation = await open({ unattended: allowAll, onEvent: seen.listener });
    try {
      const ended = seen.next('turn_ended');
      await conversation.submit({ type: 'prompt', text: 'write it' });
      expect((await ended).result.reason).toBe('done');
      expect(seen.events.some((event) => event.type === 'card_shown')).toBe(false);
      expect(conversation.session.maxInteractive).toBe(0);
    } finally {
      await conversation.close();
    }
  });

  it('takes a questionnaire answer by id and gives the model the exact strings', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_pick', name: 'pick', arguments: { questions: [WHICH, WHEN] } }] },
      { text: 'Noted.' },
    ]);
    const seen = recorder();
    const conversation = await open({
      viewers: [{ name: 'a test', kinds: ALL }],
      onEvent: seen.listener,
    });
    try {
      const shown = seen.next('card_shown');
      await conversation.submit({ type: 'prompt', text: 'help me choose' });
      const { card } = await shown;
      expect(
        await conversation.submit({
          type: 'answer',
          id: card.request.id,
          answer: { kind: 'questionnaire', result: { answers: ['b'], cancelled: false } },
        }),
      ).toEqual({ ok: false, reason: 'the questionnaire has 2 questions; got 1 answer' });
      const answer = {
        kind: 'questionnaire' as const,
        result: { answers: ['b', '  soon '], cancelled: false },
      };
      expect(await conversation.submit({ type: 'answer', id: card.request.id, answer })).toEqual({
        ok: true,
      });
      expect((await seen.next('turn_ended')).result.reason).toBe('done');
      const tool = (box.server.requests[1]!.body.messages as Array<Record<string, unknown>>).find(
        (message) => message.role === 'tool',
      );
      expect(tool?.content).toBe('{"answers":["b","  soon "],"cancelled":false}');
    } finally {
      await conversation.close();
    }
  });

  it("offers a resumed session's open questionnaire at once, after its history, with the answers kept", async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_pick', name: 'pick', arguments: { questions: [WHICH, WHEN] } }] },
      { text: 'Noted both.' },
      { text: 'Now this.' },
    ]);
    const first = recorder();
    const crashed = await open({
      viewers: [{ name: 'a test', kinds: ALL }],
      onEvent: first.listener,
    });
    const shown = first.next('card_shown');
    await crashed.submit({ type: 'prompt', text: 'help me choose' });
    const { card } = await shown;
    await crashed.submit({
      type: 'progress',
      id: card.request.id,
      progress: { answers: ['b'], custom: [false] },
    });
    await crashed.session.flushSession();
    const file = crashed.session.sessionFile!;
    await crashed.close({ leaveQuestionsOpen: true });

    const second = recorder();
    const resumed = await open({
      viewers: [{ name: 'a test', kinds: ALL }],
      resume: await openSavedSession(file),
      onEvent: second.listener,
    });
    try {
      // Nothing is offered until the front end says it can show it.
      expect(second.events.map((event) => event.type)).toEqual(['history']);
      const shownAgain = second.next('card_shown');
      resumed.start();
      const again = (await shownAgain).card;
      const types = second.events.map((event) => event.type);
      expect(types.indexOf('history')).toBeLessThan(types.indexOf('turn_started'));
      expect(
        again.request.kind === 'questionnaire' && again.request.payload.answered?.answers,
      ).toEqual(['b']);
      await resumed.submit({
        type: 'answer',
        id: again.request.id,
        answer: { kind: 'questionnaire', result: { answers: ['b', 'later'], cancelled: false } },
      });
      // A prompt sent while the continued turn runs waits for it, then runs.
      expect(await resumed.submit({ type: 'prompt', text: 'and now?' })).toEqual({ ok: true });
      expect((await second.next('turn_ended')).result.reason).toBe('done');
    } finally {
      await resumed.close();
    }
  });

  it('compacts on request and says how many messages the summary replaces; undo says what it restored', async () => {
    box.server = await startOpenAIChatServer([
      { text: 'First.' },
      writeA('hello'),
      { text: 'Written.' },
      { text: 'Summary: a greeting, then a.txt written.' },
    ]);
    const seen = recorder();
    const conversation = await open({ unattended: allowAll, onEvent: seen.listener });
    try {
      for (const text of ['hi', 'write it']) {
        const ended = seen.next('turn_ended');
        await conversation.submit({ type: 'prompt', text });
        await ended;
      }
      const undone = await conversation.submit({ type: 'undo' });
      expect(undone).toMatchObject({ ok: true, removed: ['a.txt'] });
      const compacted = await conversation.submit({ type: 'compact' });
      expect(compacted.ok && compacted.summarized).toBeGreaterThan(0);
    } finally {
      await conversation.close();
    }
  });

  it('an interrupt stops a compaction waiting for the model', async () => {
    box.server = await startOpenAIChatServer([
      { text: 'First.' },
      { text: 'Second.' },
      { text: 'never finished', fault: { kind: 'hang' } },
    ]);
    const seen = recorder();
    const conversation = await open({ onEvent: seen.listener });
    try {
      for (const text of ['hi', 'and again']) {
        const ended = seen.next('turn_ended');
        await conversation.submit({ type: 'prompt', text });
        await ended;
      }
      const compacting = conversation.submit({ type: 'compact' });
      for (let i = 0; i < 400 && box.server.requests.length < 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(box.server.requests).toHaveLength(3);
      await conversation.submit({ type: 'interrupt' });
      expect(await compacting).toEqual({ ok: false, reason: 'interrupted' });
    } finally {
      await conversation.close();
    }
  });
});
