import { startOpenAIChatServer } from '@agent/testkit';
import { ManualPerson, type PersonAnswer } from '@agent/tools';
import { openSavedSession, type AgentSession } from '../src';
import { askUserStandIn } from './support/ask-user-stand-in';
import { WHEN, WHICH } from './support/pick-tool';
import { boxSession, sessionBox } from './support/session-box';

// ASK_USER.md §8-§10: the last answered questionnaire, as /amend and /remember use it, is found
// where the conversation keeps it: its call, else a checkpoint's ledger (all a resumed session
// has of it), with the person's latest amendment applied.

const ASKED = { questions: [WHICH, WHEN] };

/** A person who answers the questionnaire with `answer`. */
function answering(answer: PersonAnswer<'questionnaire'>): ManualPerson {
  const person = new ManualPerson();
  person.onShow((request) => setImmediate(() => person.answer(answer, request.id)));
  return person;
}

const amendment = (answers: string[]) => ({
  callId: 'call_pick',
  output: JSON.stringify({ answers, cancelled: false }),
});

describe('AgentSession.lastQuestionnaire', () => {
  const box = sessionBox('last-questionnaire');
  const signal = new AbortController().signal;
  const open = (person: ManualPerson, resume?: Awaited<ReturnType<typeof openSavedSession>>) =>
    boxSession(box, {
      person,
      extraTools: [askUserStandIn],
      mcp: false,
      ...(resume ? { resume } : {}),
    });

  async function reopened(session: AgentSession): Promise<AgentSession> {
    const file = session.sessionFile!;
    await session.close();
    return open(new ManualPerson(), await openSavedSession(file));
  }

  it('is the answered call, then its amendment, through compaction and resume', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_pick', name: 'ask_user', arguments: ASKED }] },
      { text: 'Noted.' },
      { text: 'Summary: the person picked.' },
      { text: 'Switching to a.' },
      { text: 'Summary: the person picked a.' },
      { text: 'Now later.' },
    ]);
    let session = await open(
      answering({ answers: ['b', 'my own time'], cancelled: false, custom: [false, true] }),
    );
    try {
      expect(session.lastQuestionnaire()).toBeUndefined();
      await session.runTurn('help me choose');
      expect(session.lastQuestionnaire()).toEqual({
        callId: 'call_pick',
        questionnaire: ASKED,
        result: { answers: ['b', 'my own time'], cancelled: false, custom: [false, true] },
        amended: false,
      });

      expect(await session.compact(signal)).toMatchObject({ ok: true });
      await session.runTurn('switch to a', { amends: amendment(['a', 'my own time']) });
      const amended = {
        callId: 'call_pick',
        questionnaire: ASKED,
        // An amendment records no typed flags: they are read from the options.
        result: { answers: ['a', 'my own time'], cancelled: false, custom: [false, true] },
        amended: true,
      };
      expect(session.lastQuestionnaire()).toEqual(amended);

      // Resumed, the conversation starts at the checkpoint: its ledger, then the amendment.
      session = await reopened(session);
      expect(session.history[0]?.role).toBe('checkpoint');
      expect(session.history.some((m) => m.role === 'assistant' && m.toolCalls.length > 0)).toBe(
        false,
      );
      expect(session.lastQuestionnaire()).toEqual(amended);

      // Compacted again, the ledger itself carries the amendment; a later one replaces it.
      expect(await session.compact(signal)).toMatchObject({ ok: true });
      session = await reopened(session);
      expect(session.history.map((m) => m.role)).toEqual(['checkpoint']);
      expect(session.lastQuestionnaire()).toEqual(amended);
      await session.runTurn('later after all', { amends: amendment(['a', 'later']) });
      expect(session.lastQuestionnaire()?.result).toEqual({
        answers: ['a', 'later'],
        cancelled: false,
        custom: [false, false],
      });
    } finally {
      await session.close();
    }
  });
});
