import { getEventListeners } from 'node:events';
import {
  ManualPerson,
  answerAtOnce,
  type AnyPersonRequest,
  type ToolContext,
} from '@agent/tool-contract';
import { createAskUserTool } from './ask-user-tool';
import { QuestionnaireModel, type QuestionnaireAction } from './questionnaire-model';

const tool = createAskUserTool();

const twoQuestions = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL', 'gRPC'] },
  ],
};

function context(person: ToolContext['person'], signal = new AbortController().signal) {
  return {
    signal,
    workspaceRoot: '/tmp',
    toolCallId: 'call_1',
    person,
  } satisfies ToolContext;
}

/** The questionnaire a shown request carries. */
function questionsOf(request: AnyPersonRequest) {
  if (request.kind !== 'questionnaire')
    throw new Error(`expected a questionnaire, got ${request.kind}`);
  return request.payload.questionnaire;
}

/** A person at a card: each request is answered by dispatching `keys` to a real model. */
function person(broker: ManualPerson, keys: QuestionnaireAction[]) {
  const seen: AnyPersonRequest[] = [];
  broker.onShow((request) => {
    seen.push(request);
    const model = new QuestionnaireModel(questionsOf(request));
    for (const key of keys) model.dispatch(key);
    setImmediate(() => broker.answer(model.result!, request.id));
  });
  return seen;
}

const type = (text: string): QuestionnaireAction => ({ type: 'insert', text });

describe('ask_user execution', () => {
  it('returns predefined and typed answers in question order as the exact JSON result', async () => {
    const broker = new ManualPerson();
    const seen = person(broker, [
      { type: 'down' },
      { type: 'enter' },
      type('JSON-RPC over '),
      type('WebSockets  '),
      { type: 'enter' },
    ]);
    const result = await tool.execute(twoQuestions, context(broker));
    expect(result.output).toBe(
      '{"answers":["SQLite","JSON-RPC over WebSockets"],"cancelled":false}',
    );
    expect(result.isError).toBeUndefined();
    expect(result.summary).toBe('2 answers');
    expect(questionsOf(seen[0]!)).toEqual(twoQuestions);
    expect(broker.queue.pending).toEqual([]);
  });

  it('returns the answers completed before Esc with cancelled: true', async () => {
    const broker = new ManualPerson();
    person(broker, [{ type: 'enter' }, { type: 'down' }, { type: 'escape' }]);
    const result = await tool.execute(twoQuestions, context(broker));
    expect(result.output).toBe('{"answers":["PostgreSQL"],"cancelled":true}');
    expect(result.isError).toBeUndefined();
    expect(result.summary).toBe('cancelled after 1 of 2');
  });

  it('keeps an answer given out of order on Esc, in also_answered (ASK_USER.md §10)', async () => {
    const three = {
      questions: [
        ...twoQuestions.questions,
        { question: 'Where should it deploy first?', options: ['eu-west', 'us-east'] },
      ],
    };
    const broker = new ManualPerson();
    // Tab Tab, Down Enter (Q3 = us-east), Enter (Q1), Esc at Q2: the keys.
    const keys: QuestionnaireAction[] = [
      { type: 'next' },
      { type: 'next' },
      { type: 'down' },
      { type: 'enter' },
      { type: 'enter' },
      { type: 'escape' },
    ];
    person(broker, keys);
    const result = await tool.execute(three, context(broker));
    expect(result.output).toBe(
      '{"answers":["PostgreSQL"],"also_answered":{"3":"us-east"},"cancelled":true}',
    );
    expect(result.summary).toBe('cancelled after 2 of 3');
    expect(result.details).toEqual({
      answers: ['PostgreSQL'],
      cancelled: true,
      custom: [false],
      later: [{ question: 2, answer: 'us-east', custom: false }],
    });
  });

  it('tells the model what cancelled, interrupted and also_answered mean', () => {
    expect(tool.description).toContain('"also_answered"');
    expect(tool.description).toContain('"interrupted"');
    expect(tool.description).toContain('"cancelled"');
  });

  it('rejects with the abort reason and leaves nothing pending when the turn is interrupted', async () => {
    const broker = new ManualPerson();
    const shown: string[] = [];
    broker.onShow((request) => shown.push(request.id));
    const controller = new AbortController();
    const running = tool.execute(twoQuestions, context(broker, controller.signal));
    expect(broker.current).toBeDefined();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    const reason = new Error('interrupted by Ctrl+C');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    expect(broker.current).toBeUndefined();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(broker.answer({ answers: ['late'], cancelled: false }, shown[0])).toBe(false);
  });

  it('rejects a second concurrent questionnaire at once with an error result', async () => {
    const broker = new ManualPerson();
    const shown: AnyPersonRequest[] = [];
    broker.onShow((request) => shown.push(request));
    const first = tool.execute(twoQuestions, context(broker));
    const second = await tool.execute(twoQuestions, { ...context(broker), toolCallId: 'call_2' });
    expect(second.isError).toBe(true);
    expect(second.output).toMatch(/^ask_user failed: another questionnaire is already waiting/);
    expect(shown).toHaveLength(1);
    broker.answer({ answers: ['PostgreSQL', 'REST'], cancelled: false });
    await expect(first).resolves.toMatchObject({
      output: '{"answers":["PostgreSQL","REST"],"cancelled":false}',
    });
  });

  it('gives a clear error result instead of waiting when no one can answer', async () => {
    const withoutRequester = await tool.execute(twoQuestions, context(answerAtOnce({})));
    expect(withoutRequester.isError).toBe(true);
    expect(withoutRequester.output).toMatch(/not available here/);
    const failing = answerAtOnce({
      questionnaire: () => Promise.reject(new Error('no questionnaire UI is attached')),
    });
    const withoutUi = await tool.execute(twoQuestions, context(failing));
    expect(withoutUi).toMatchObject({ isError: true });
    expect(withoutUi.output).toMatch(/no questionnaire UI/);
  });

  it('describes a call in one line', () => {
    expect(tool.describe!(twoQuestions)).toBe(
      'ask 2 questions: Which database should the service use?',
    );
    const long = { questions: [{ question: `Pick\n${'x'.repeat(100)}`, options: ['a', 'b'] }] };
    const line = tool.describe!(long);
    expect(line).not.toContain('\n');
    expect(line.length).toBeLessThanOrEqual(70);
  });
});
