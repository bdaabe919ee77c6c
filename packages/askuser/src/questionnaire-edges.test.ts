import { ManualPerson, validateToolInput, type ToolContext } from '@agent/tool-contract';
import { createAskUserTool } from './ask-user-tool';
import { QuestionnaireModel, type QuestionnaireAction } from './questionnaire-model';

const tool = createAskUserTool();
const emoji = '😀';

const two = {
  questions: [
    { question: 'Which language?', options: ['TypeScript', 'Go', 'Rust'] },
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
  ],
};

function dispatch(model: QuestionnaireModel, ...actions: QuestionnaireAction[]): void {
  for (const action of actions) model.dispatch(action);
}

describe('limits count code points, as the advertised JSON Schema does', () => {
  it('accepts a 1,000-emoji question and 300-emoji options; rejects one more', () => {
    const ok = {
      questions: [{ question: emoji.repeat(1000), options: [emoji.repeat(300), 'B'] }],
    };
    expect(validateToolInput(tool, ok).ok).toBe(true);
    const long = {
      questions: [{ question: emoji.repeat(1001), options: [emoji.repeat(301), 'B'] }],
    };
    const outcome = validateToolInput(tool, long);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error).toContain(
        'questions[0].question: expected at most 1000 characters, got 1001',
      );
      expect(outcome.error).toContain(
        'questions[0].options[0]: expected at most 300 characters, got 301',
      );
    }
  });

  it('a typed answer holds 4,000 emoji, not 2,000', () => {
    const model = new QuestionnaireModel(two);
    dispatch(model, { type: 'insert', text: emoji.repeat(4100) });
    expect(Array.from(model.draft)).toHaveLength(4000);
    expect(model.hint).toMatch(/limited to 4000 characters/);
  });
});

describe('going back (Shift+Tab, or Left on an empty draft)', () => {
  it('returns to the previous question with its picked answer selected', () => {
    const model = new QuestionnaireModel(two);
    dispatch(model, { type: 'down' }, { type: 'enter' });
    expect(model.questionIndex).toBe(1);
    dispatch(model, { type: 'back' });
    expect(model.questionIndex).toBe(0);
    expect(model.selected).toBe(1);
    // The answer stays given while the person looks at it again (ASK_USER.md section 9).
    expect(model.answers).toEqual(['Go']);
    dispatch(model, { type: 'enter' }, { type: 'enter' });
    expect(model.result).toEqual({
      answers: ['Go', 'PostgreSQL'],
      cancelled: false,
      custom: [false, false],
    });
  });

  it('returns to a typed answer with its text editable; Left on an empty draft goes back too', () => {
    const model = new QuestionnaireModel(two);
    dispatch(model, { type: 'insert', text: 'Zig' }, { type: 'enter' });
    expect(model.questionIndex).toBe(1);
    dispatch(model, { type: 'left' });
    expect(model.questionIndex).toBe(0);
    expect(model.editing).toBe(true);
    expect(model.selected).toBe(model.freeFormRow);
    expect(model.draft).toBe('Zig');
    dispatch(model, { type: 'left' });
    expect(model.questionIndex).toBe(0);
    expect(model.cursor).toBe(2);
    dispatch(model, { type: 'backspace' }, { type: 'insert', text: 'x' }, { type: 'enter' });
    expect(model.answers).toEqual(['Zxg']);
    expect(model.custom).toEqual([true]);
  });

  it('does nothing on the first question', () => {
    const model = new QuestionnaireModel(two);
    expect(model.dispatch({ type: 'back' })).toBe(false);
    expect(model.questionIndex).toBe(0);
  });
});

describe('the ask_user tool reports progress and typed answers', () => {
  function context(broker: ManualPerson, signal: AbortSignal, partials: unknown[]): ToolContext {
    return {
      signal,
      workspaceRoot: '/tmp',
      toolCallId: 'c1',
      person: broker,
      reportPartial: (output, details) => partials.push({ output, details }),
    };
  }

  it('reports the answers given so far, so an interrupt can pair them with the call', async () => {
    const broker = new ManualPerson();
    const partials: unknown[] = [];
    const controller = new AbortController();
    broker.onShow((request) => {
      setImmediate(() => {
        if (request.kind !== 'questionnaire') throw new Error(request.kind);
        request.payload.onProgress?.({ answers: ['TypeScript'], custom: [false] });
        controller.abort(new Error('interrupted by the person'));
      });
    });
    await expect(tool.execute(two, context(broker, controller.signal, partials))).rejects.toThrow(
      'interrupted by the person',
    );
    expect(partials.at(-1)).toEqual({
      output: '{"answers":["TypeScript"],"cancelled":true,"interrupted":true}',
      details: { answers: ['TypeScript'], cancelled: true, custom: [false] },
    });
    expect(broker.queue.pending).toEqual([]);
  });

  it('returns which answers were typed as details the model never sees', async () => {
    const broker = new ManualPerson();
    broker.onShow((request) =>
      setImmediate(() =>
        broker.answer(
          { answers: ['Go', 'SQLite'], cancelled: false, custom: [true, false] },
          request.id,
        ),
      ),
    );
    const result = await tool.execute(two, context(broker, new AbortController().signal, []));
    expect(result.output).toBe('{"answers":["Go","SQLite"],"cancelled":false}');
    expect(result.details).toEqual({
      answers: ['Go', 'SQLite'],
      cancelled: false,
      custom: [true, false],
    });
  });
});
