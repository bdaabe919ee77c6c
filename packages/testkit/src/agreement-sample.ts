import { writeFileSync } from 'node:fs';

/** The id `writeAgreementSample` gives its session (a valid session id). */
export const AGREEMENT_SAMPLE_ID = '2026-12-07T00-00-00-a9ee';

/** What the agreement sample holds, for checks that every front end words it alike. */
export const AGREEMENT_SAMPLE = {
  /** The prompts before its checkpoint: the turns every replay counts as compacted. */
  earlierTurns: 4,
  /** The decisions the checkpoint's ledger keeps; the second one amended afterwards. */
  decisions: [
    { id: 'q_db', question: 'Which database?', answer: 'SQLite' },
    { id: 'q_api', question: 'Which API style?', answer: 'REST', amended: 'GraphQL' },
  ],
  /** The questionnaire after it, cancelled with only its second question answered. */
  outOfOrder: {
    id: 'q_lang',
    questions: ['Which language should the CLI use?', 'Which test runner?'],
    answer: 'Vitest',
  },
  /** A turn that changed one file and created another, undone by the person (`/undo`). */
  undone: { prompt: 'Write the notes.', restored: ['notes.md'], removed: ['todo.md'] },
  /** The model the person switched to after the undo (the same provider). */
  switched: { provider: 'openai-chat', model: 'fake-model-large' },
  /** The last turn, which the person interrupted. */
  interrupted: { prompt: 'Now write the code.', text: 'Writing the CLI now.' },
} as const;

const TS = '2026-12-07T00:00:00.000Z';
/** Content hashes of the snapshots (the file holds hashes; no blob is needed to replay an undo). */
const BEFORE = 'b'.repeat(64);
const AFTER = 'a'.repeat(64);

/**
 * Writes a recorded session (schema 1 lines, as the agent writes them) with what every replay must
 * word alike: four turns compacted by a checkpoint whose ledger keeps two answered questionnaires
 * (one amended afterwards), a questionnaire cancelled with only its second question answered, a
 * turn whose edits the person undid, a switch of model, and an interrupted last turn. `cwd` is the
 * session's workspace.
 */
export function writeAgreementSample(file: string, cwd: string): void {
  const { decisions, outOfOrder, undone, switched, interrupted } = AGREEMENT_SAMPLE;
  let count = 0;
  const lines: string[] = [];
  const line = (type: string, fields: Record<string, unknown>): string => {
    const id = (count++).toString(16).padStart(12, '0');
    lines.push(JSON.stringify({ v: 1, type, id, ts: TS, ...fields }));
    return id;
  };
  const assistant = (text: string, call?: { id: string; input: unknown }): string =>
    line('assistant', {
      message: {
        role: 'assistant',
        text,
        toolCalls: call ? [{ ...call, name: 'ask_user', status: 'pending', summary: '' }] : [],
        provider: 'openai-chat',
        model: 'fake-model',
      },
    });
  const ask = (question: string, options: string[]) => ({ questions: [{ question, options }] });
  const kept = decisions.map((decision) => {
    const other = 'amended' in decision ? decision.amended : 'Other';
    const input = ask(decision.question, [decision.answer, other]);
    const output = JSON.stringify({ answers: [decision.answer], cancelled: false });
    return { decision, input, output };
  });
  line('session_start', { cwd, provider: 'openai-chat', model: 'fake-model' });
  line('user', { text: 'Plan the service.' });
  assistant('A plan first.');
  for (const { decision, input, output } of kept) {
    line('user', { text: `Ask me: ${decision.question}` });
    assistant('', { id: decision.id, input });
    line('tool_end', {
      callId: decision.id,
      status: 'ok',
      summary: 'answered 1 of 1',
      retainedOutput: output,
      retainedDetails: { custom: [false] },
    });
  }
  line('user', { text: 'Sum it up.' });
  assistant('SQLite and REST.');
  line('checkpoint', {
    summary: 'The person chose SQLite and REST.',
    decisions: kept.map(({ decision, input, output }) => ({
      id: decision.id,
      name: 'ask_user',
      input,
      status: 'ok',
      output,
      details: { custom: [false] },
      ...('amended' in decision
        ? { amended: JSON.stringify({ answers: [decision.amended], cancelled: false }) }
        : {}),
    })),
  });
  line('user', { text: 'Ask me about the CLI.' });
  const [first, second] = outOfOrder.questions;
  assistant('Two questions.', {
    id: outOfOrder.id,
    input: {
      questions: [
        { question: first, options: ['TypeScript', 'Go'] },
        { question: second, options: ['Jest', 'Vitest'] },
      ],
    },
  });
  line('tool_end', {
    callId: outOfOrder.id,
    status: 'ok',
    summary: 'cancelled after 1 of 2',
    retainedOutput: JSON.stringify({
      answers: [],
      also_answered: { '2': outOfOrder.answer },
      cancelled: true,
    }),
    retainedDetails: {
      answers: [],
      cancelled: true,
      custom: [],
      later: [{ question: 1, answer: outOfOrder.answer, custom: false }],
    },
  });
  const edited = line('user', { text: undone.prompt });
  for (const file of undone.restored) {
    line('file_snapshot', { path: file, before: BEFORE, after: AFTER, workspace: cwd });
  }
  for (const file of undone.removed) {
    line('file_snapshot', { path: file, before: null, after: AFTER, workspace: cwd });
  }
  assistant('Notes written.');
  line('undo', { turn: edited, paths: [...undone.restored, ...undone.removed] });
  line('user', { text: '/undo', display: '/undo' });
  line('provider_change', switched);
  line('user', { text: interrupted.prompt });
  assistant(interrupted.text);
  line('turn_end', { reason: 'interrupted' });
  writeFileSync(file, `${lines.join('\n')}\n`);
}
