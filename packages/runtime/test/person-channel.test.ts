import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { allowAll, ManualPerson, type AnyPersonRequest, type QuestionnaireAsk } from '@agent/tools';
import { AgentSession, openSavedSession } from '../src';
import { pickTool, WHEN, WHICH } from './support/pick-tool';
import { fakeChoice, sessionBox, boxSession } from './support/session-box';
import { untilWritten } from './support/until-written';

/** The questionnaire payload of a shown request. */
function asked(request: AnyPersonRequest): QuestionnaireAsk {
  if (request.kind !== 'questionnaire') throw new Error(`not a questionnaire: ${request.kind}`);
  return request.payload;
}

describe('AgentSession: the person channel', () => {
  const box = sessionBox('person');

  it('asks a library caller questions through its own channel, with the default budget', async () => {
    box.server = await startOpenAIChatServer([
      {
        toolCalls: [{ id: 'call_pick', name: 'pick', arguments: { questions: [WHICH] } }],
      },
      { text: 'Picked.' },
    ]);
    const person = new ManualPerson();
    person.onShow((request) => {
      if (request.kind === 'questionnaire') {
        setImmediate(() => person.answer({ answers: ['b'], cancelled: false }, request.id));
      }
    });
    const session = await boxSession(box, { person, extraTools: [pickTool] });
    try {
      expect(session.maxInteractive).toBe(3);
      expect((await session.runTurn('help me choose')).reason).toBe('done');
      const tool = (box.server.requests[1]!.body.messages as Array<Record<string, unknown>>).find(
        (message) => message.role === 'tool',
      );
      expect(tool?.content).toBe('{"answers":["b"],"cancelled":false}');
    } finally {
      await session.close();
    }
  });

  it('asks nothing where the channel answers no questionnaires', async () => {
    const session = await AgentSession.create({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice('http://127.0.0.1:9', box.home),
      person: allowAll,
      extraTools: [pickTool],
      onEvent: (event) => box.events.push(event),
    });
    expect(session.maxInteractive).toBe(0);
    await session.close();
  });

  /** A session that died with the pick card open after its first answer; the file it left. */
  async function crashedAfterFirstAnswer(): Promise<string> {
    const crashed = path.join(box.home, 'crashed.jsonl');
    const first = new ManualPerson();
    const session = await create(first);
    const died = new Promise<void>((resolve, reject) => {
      first.onShow((request) => {
        asked(request).onProgress?.({ answers: ['b'], custom: [false] });
        // The answer reaches the file at once, before any turn boundary: copy it then.
        untilWritten(session.sessionFile!, '"questionnaire_progress"')
          .then(() => fs.promises.copyFile(session.sessionFile!, crashed))
          .then(() => session.interrupt())
          .then(resolve, reject);
      });
    });
    await session.runTurn('help me choose');
    await died;
    await session.close();
    return crashed;
  }

  const create = (person: ManualPerson, resume?: Awaited<ReturnType<typeof openSavedSession>>) =>
    boxSession(box, { person, extraTools: [pickTool], resume });

  it('keeps each answer as it is given: a questionnaire offered again after a crash has them', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_pick', name: 'pick', arguments: { questions: [WHICH, WHEN] } }] },
      { text: 'Noted both.' },
    ]);
    const crashed = await crashedAfterFirstAnswer();
    const second = new ManualPerson();
    second.onShow((request) => {
      const payload = asked(request);
      expect(request.toolCallId).toBe('call_pick');
      expect(payload.answered).toEqual({ answers: ['b'], custom: [false] });
      second.answer({ answers: ['b', 'later'], cancelled: false }, request.id);
    });
    const resumed = await create(second, await openSavedSession(crashed));
    try {
      expect(resumed.openCalls).toEqual(['call_pick']);
      expect((await resumed.runTurn(undefined)).reason).toBe('done');
      const tool = (box.server.requests[1]!.body.messages as Array<Record<string, unknown>>).find(
        (message) => message.role === 'tool',
      );
      expect(tool?.content).toBe('{"answers":["b","later"],"cancelled":false}');
    } finally {
      await resumed.close();
    }
  });

  it('a prompt sent instead of continuing closes what the crash left open as interrupted', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_pick', name: 'pick', arguments: { questions: [WHICH, WHEN] } }] },
      { text: 'Something else, then.' },
      { text: 'Still something else.' },
    ]);
    const crashed = await crashedAfterFirstAnswer();
    const resumed = await create(new ManualPerson(), await openSavedSession(crashed));
    try {
      expect(resumed.openCalls).toEqual(['call_pick']);
      expect((await resumed.runTurn('never mind, do something else')).reason).toBe('done');
      expect(resumed.openCalls).toEqual([]);
      expect((await resumed.runTurn('and again')).reason).toBe('done');
      for (const request of box.server.requests.slice(1)) {
        const tool = (request.body.messages as Array<Record<string, unknown>>).find(
          (message) => message.role === 'tool',
        );
        expect(String(tool?.content)).toMatch(/^interrupted/);
      }
      const calls = resumed.history.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []));
      expect(calls.map((call) => call.status)).toEqual(['interrupted']);
    } finally {
      await resumed.close();
    }
  });
});
