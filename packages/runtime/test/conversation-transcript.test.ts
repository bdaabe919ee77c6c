import { loadSession, SessionWriter, transcriptOf } from '@agent/session';
import { startOpenAIChatServer } from '@agent/testkit';
import type { PersonRequestKind } from '@agent/tools';
import {
  Conversation,
  openSavedSession,
  registryTitles,
  TRANSCRIPT_CARDS,
  type ConversationEvent,
} from '../src';
import { pickTool, WHICH } from './support/pick-tool';
import { fakeChoice, sessionBox, writeA } from './support/session-box';

const ALL: PersonRequestKind[] = ['approval', 'questionnaire', 'form', 'url', 'plan'];

/** What a replay of the conversation's session file shows now. */
async function replayOf(conversation: Conversation, offeredAgain: readonly string[] = []) {
  await conversation.session.flushSession();
  const { events } = await loadSession(conversation.session.sessionFile!);
  return transcriptOf(events, {
    cards: TRANSCRIPT_CARDS,
    titleOf: registryTitles(conversation.session.registry),
    offeredAgain,
  });
}

/**
 * A session two crashes left: a read_file call open in an earlier turn, and the pick call of its
 * last response open (which a resume offers again where someone answers questionnaires).
 */
async function crashedTwice(home: string, workspace: string): Promise<string> {
  const writer = await SessionWriter.create({
    agentHome: home,
    cwd: workspace,
    provider: 'openai-chat',
    model: 'fake-model',
  });
  const ask = (id: string, name: string, input: unknown) =>
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: {
        role: 'assistant',
        text: '',
        toolCalls: [{ id, name, input, status: 'pending', summary: '' }],
      },
    });
  writer.recordUser('read the notes');
  ask('call_read', 'read_file', { path: 'notes.md' });
  writer.recordUser('help me choose');
  ask('call_pick', 'pick', { questions: [WHICH] });
  await writer.close();
  return writer.path;
}

describe("Conversation.transcript: the session file's replay, kept up to date", () => {
  const box = sessionBox('conversation-transcript');
  const open = (extra: Partial<Parameters<typeof Conversation.open>[0]> = {}) =>
    Conversation.open({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice(box.server!.url, box.home),
      viewers: [{ name: 'the terminal', kinds: ALL }],
      mcp: false,
      ...extra,
    });
  const next = (conversation: Conversation, type: ConversationEvent['type']) =>
    new Promise<ConversationEvent>((resolve) => {
      const stop = conversation.subscribe((event) => {
        if (event.type !== type) return;
        stop();
        resolve(event);
      });
    });

  it('follows each event the file records, mid-turn and after it, as a replay shows them', async () => {
    box.server = await startOpenAIChatServer([
      { text: 'First.' },
      writeA('hello'),
      { text: 'Written.' },
    ]);
    const conversation = await open();
    try {
      expect(conversation.transcript).toEqual([]);
      let ended = next(conversation, 'turn_ended');
      await conversation.submit({ type: 'prompt', text: 'say something' });
      await ended;
      const shown = next(conversation, 'card_shown');
      await conversation.submit({ type: 'prompt', text: 'write it' });
      const card = await shown;
      // The call waits for its answer: it runs, in the live transcript and in the file's replay.
      expect(conversation.transcript.at(-1)).toMatchObject({ kind: 'tool', state: 'running' });
      ended = next(conversation, 'turn_ended');
      await conversation.submit(
        {
          type: 'answer',
          id: card.type === 'card_shown' ? card.card.request.id : '',
          answer: { kind: 'approval', choice: 'once' },
        },
        'the terminal',
      );
      await ended;
      const kinds = conversation.transcript.map((entry) => entry.kind);
      expect(kinds).toEqual(['prompt', 'assistant', 'prompt', 'tool', 'assistant']);
      expect(conversation.transcript).toEqual(await replayOf(conversation));
    } finally {
      await conversation.close();
    }
  });

  it('is the resumed session replay after a resume, and starts over for a new session', async () => {
    box.server = await startOpenAIChatServer([{ text: 'Older.' }, { text: 'Newer.' }]);
    const older = await open();
    let ended = next(older, 'turn_ended');
    await older.submit({ type: 'prompt', text: 'the older one' });
    await ended;
    const file = older.session.sessionFile!;
    await older.close();

    const conversation = await open();
    try {
      ended = next(conversation, 'turn_ended');
      await conversation.submit({ type: 'prompt', text: 'the newer one' });
      await ended;
      expect(conversation.transcript[0]).toMatchObject({ kind: 'prompt', shown: 'the newer one' });
      expect(
        await conversation.submit({ type: 'resume', session: await openSavedSession(file) }),
      ).toEqual({ ok: true });
      expect(conversation.transcript).toEqual(await replayOf(conversation));
      expect(conversation.transcript.map((entry) => entry.kind)).toEqual(['prompt', 'assistant']);
      expect(conversation.transcript[0]).toMatchObject({ shown: 'the older one' });
      await conversation.submit({ type: 'new' });
      expect(conversation.transcript).toEqual([]);
    } finally {
      await conversation.close();
    }
  });

  it('after a resume closes the calls a crash left open as a replay does: open if offered again', async () => {
    box.server = await startOpenAIChatServer([{ text: 'Picked.' }]);
    const file = await crashedTwice(box.home, box.workspace);
    const conversation = await open({
      extraTools: [pickTool],
      resume: await openSavedSession(file),
    });
    try {
      expect(conversation.session.openCalls).toEqual(['call_pick']);
      const calls = conversation.transcript.flatMap((entry) =>
        entry.kind === 'tool' ? [`${entry.id} ${entry.state}`] : [],
      );
      expect(calls).toEqual(['call_read interrupted', 'call_pick open']);
      expect(conversation.transcript).toEqual(await replayOf(conversation, ['call_pick']));
      // Answered now, the call the resumed turn offered again is done.
      const shown = next(conversation, 'card_shown');
      const ended = next(conversation, 'turn_ended');
      conversation.start();
      const card = await shown;
      await conversation.submit(
        {
          type: 'answer',
          id: card.type === 'card_shown' ? card.card.request.id : '',
          answer: { kind: 'questionnaire', result: { answers: ['b'], cancelled: false } },
        },
        'the terminal',
      );
      await ended;
      expect(conversation.transcriptCall('call_pick')).toMatchObject({ state: 'ok' });
      expect(conversation.transcriptCall('call_read')).toMatchObject({ state: 'interrupted' });
    } finally {
      await conversation.close();
    }
  });

  it("gives each tool event its call's entry as it stands then (recorded before it is emitted)", async () => {
    box.server = await startOpenAIChatServer([writeA('hello'), { text: 'Written.' }]);
    const conversation = await open({ rules: { allow: ['write_file'] } });
    try {
      const seen: string[] = [];
      conversation.subscribe((event) => {
        if (event.type !== 'runtime') return;
        const { event: said } = event;
        if (said.type !== 'tool_start' && said.type !== 'tool_end') return;
        const entry = conversation.transcriptCall(said.activity.id);
        seen.push(`${said.type} ${entry?.kind} ${entry?.state}`);
      });
      const ended = next(conversation, 'turn_ended');
      await conversation.submit({ type: 'prompt', text: 'write it' });
      await ended;
      expect(seen).toEqual(['tool_start tool running', 'tool_end tool ok']);
      expect(conversation.transcriptCall('no such call')).toBeUndefined();
    } finally {
      await conversation.close();
    }
  });
});
