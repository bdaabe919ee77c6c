/**
 * One questionnaire and one set of answers, given through every front end (the intent API from a
 * test, the REPL's keys, an editor's form), whose results and session lines must agree: a
 * look-alike option (`SQLite ` with a trailing space), a multi-select question with its
 * recommended option unticked, another ticked and typed text joining them, a typed answer with
 * inner spaces.
 */
export const AGREED_QUESTIONNAIRE = {
  questions: [
    { question: 'Which database?', options: ['SQLite ', 'SQLite'] },
    { question: 'Which checks?', options: ['Lint', 'Types', 'Tests'], multiSelect: true },
    { question: 'Which region?', options: ['eu-west', 'us-east'] },
  ],
};

/** What a questionnaire's intent API offers; the shape `@agent/askuser`'s model has. */
export interface QuestionnaireIntentTarget {
  select(question: number, option: string): unknown;
  toggle(question: number, option: string): unknown;
  type(question: number, text: string): unknown;
  submit(): unknown;
  cancel(): unknown;
}

/** One way of answering `AGREED_QUESTIONNAIRE`, as each front end gives it. */
export interface AgreedAnswers {
  name: string;
  /** The answers through the intents, question by question. */
  intents(target: QuestionnaireIntentTarget): void;
  /** The same answers as an editor's form sends them (the field names of apps/acp's form). */
  form: Record<string, unknown>;
  /**
   * The same answers as key presses on the REPL's card, as tmux `send-keys` arguments: each
   * entry a list of key names, or `{ text }` typed literally.
   */
  keys: Array<string[] | { text: string }>;
  /** The tool result every front end must send the model. */
  result: string;
  /** The call's summary in the session. */
  summary: string;
}

export const AGREED_ANSWERS: AgreedAnswers[] = [
  {
    name: 'every question answered',
    intents: (target) => {
      target.select(0, 'SQLite');
      target.toggle(1, 'Lint');
      target.toggle(1, 'Tests');
      target.type(1, 'smoke');
      target.submit();
      target.type(2, 'ap south  1');
      target.submit();
    },
    form: {
      q1: 'SQLite',
      q1_typed: '',
      q2: ['Tests'],
      q2_typed: ' smoke ',
      q3: 'eu-west',
      q3_typed: 'ap south  1',
    },
    keys: [
      ['Down', 'Enter'],
      ['Space', 'Down', 'Down', 'Space'],
      { text: 'smoke' },
      ['Enter'],
      { text: 'ap south  1' },
      ['Enter'],
    ],
    result: '{"answers":["SQLite",["Tests","smoke"],"ap south  1"],"cancelled":false}',
    summary: '3 answers',
  },
  {
    // The form comes back with an empty multi-select; at the card the person skips it, answers
    // the last question and presses Esc. The other answers are kept (ASK_USER.md §10).
    name: 'a multi-select question left empty, then cancelled',
    intents: (target) => {
      target.select(0, 'SQLite ');
      target.select(2, 'us-east');
      target.cancel();
    },
    form: { q1: 'SQLite ', q1_typed: '', q2: [], q2_typed: '', q3: 'us-east', q3_typed: '' },
    keys: [['Enter'], ['Tab'], ['Down', 'Enter'], ['Escape']],
    result: '{"answers":["SQLite "],"also_answered":{"3":"us-east"},"cancelled":true}',
    summary: 'cancelled after 2 of 3',
  },
];

/** The session events about the questionnaire of call `callId`, without their stamps. */
export function questionnaireLines(sessionText: string, callId: string): unknown[] {
  return sessionText
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter(
      (event) =>
        event.callId === callId &&
        (event.type === 'questionnaire_progress' || event.type === 'tool_end'),
    )
    .map(({ v: _v, id: _id, ts: _ts, o200k: _o200k, ...rest }) => rest);
}

/** What a questionnaire's answers are; the shape of `@agent/tools`'s `AnsweredQuestionnaire`. */
export interface RecordedAnswers {
  answers: unknown;
  cancelled: boolean;
  custom?: unknown;
  later?: unknown;
}

/** The session's record of a questionnaire call's outcome, as data: answers, typed flags, later answers. */
export function recordedOutcome(result: RecordedAnswers): unknown {
  return {
    answers: result.answers,
    cancelled: result.cancelled,
    custom: result.custom,
    ...(result.later ? { later: result.later } : {}),
  };
}
