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

/** The tool result every front end must send the model for `AGREED_QUESTIONNAIRE`. */
export const AGREED_RESULT =
  '{"answers":["SQLite",["Tests","smoke"],"ap south  1"],"cancelled":false}';

/** What a questionnaire's intent API offers; the shape `@agent/askuser`'s model has. */
export interface QuestionnaireIntentTarget {
  select(question: number, option: string): unknown;
  toggle(question: number, option: string): unknown;
  type(question: number, text: string): unknown;
  submit(): unknown;
}

/** The answers through the intents, question by question. */
export function answerThroughIntents(target: QuestionnaireIntentTarget): void {
  target.select(0, 'SQLite');
  target.toggle(1, 'Lint');
  target.toggle(1, 'Tests');
  target.type(1, 'smoke');
  target.submit();
  target.type(2, 'ap south  1');
  target.submit();
}

/** The same answers as an editor's form sends them (the field names of apps/acp's form). */
export const AGREED_FORM_CONTENT = {
  q1: 'SQLite',
  q1_typed: '',
  q2: ['Tests'],
  q2_typed: ' smoke ',
  q3: 'eu-west',
  q3_typed: 'ap south  1',
};

/**
 * The same answers as key presses on the REPL's card, as tmux `send-keys` arguments: each entry
 * is a list of key names, or `{ text }` typed literally.
 */
export const AGREED_KEYS: Array<string[] | { text: string }> = [
  ['Down', 'Enter'],
  ['Space', 'Down', 'Down', 'Space'],
  { text: 'smoke' },
  ['Enter'],
  { text: 'ap south  1' },
  ['Enter'],
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
