import { writeFileSync } from 'node:fs';

/** The id `writeTranscriptSample` gives its session (a valid session id). */
export const TRANSCRIPT_SAMPLE_ID = '2026-11-30T00-00-00-7a1e';

/** What the sample session holds, for checks of every front end's replay of it. */
export const TRANSCRIPT_SAMPLE = {
  /** The questionnaire a compaction kept in its ledger, and the answer the person amended it to. */
  amended: { id: 'q_design', answers: ['PostgreSQL', 'REST'] },
  /** The questionnaire the person cancelled after answering its first question (typed). */
  cancelled: { id: 'q_deploy', answers: ['On my own box'], custom: [true] },
  /** The plan the model presented, approved. */
  plan: { id: 'p_plan', plan: '# Plan\n\n1. Build the service.' },
  /** The call a crash left open (no `tool_end`) in an earlier turn: interrupted on every load. */
  crashed: { id: 'r_notes', name: 'read_file', title: 'read notes.md' },
  /** The person's `!command` after it, which failed (exit 1): its ending and output. */
  shell: { command: 'grep -c heron notes.md', summary: 'exit code 1', output: '0' },
  /**
   * The questionnaire of the last response a crash left open: a resume offers it again where
   * someone answers questionnaires (else it is interrupted).
   */
  open: { id: 'q_launch', question: 'When should it launch?' },
  prompts: ['Now the deployment.', 'Make a plan.', 'Read the notes.', 'Ask me about the launch.'],
  answer: 'Two things about the deployment.',
} as const;

const TS = '2026-11-30T00:00:00.000Z';

const DESIGN = {
  questions: [
    { question: 'Which database?', options: ['SQLite', 'PostgreSQL'] },
    { question: 'Which API style?', options: ['REST', 'GraphQL'] },
  ],
};
const LAUNCH = {
  questions: [{ question: TRANSCRIPT_SAMPLE.open.question, options: ['Monday', 'Friday'] }],
};
const DEPLOY = {
  questions: [
    { question: 'Where should it run?', options: ['Fly.io', 'AWS'] },
    { question: 'Enable autoscaling?', options: ['Yes', 'No'] },
  ],
};

/**
 * Writes a recorded session (schema 1 lines as the agent writes them; the person's command a
 * schema 3 one) with what every replay must show alike: a compaction whose ledger keeps an
 * answer the person amended afterwards, a questionnaire cancelled after one typed answer, a plan
 * presented and approved, a call a crash left open, the person's failed `!command`, and a last
 * questionnaire a crash left open. `cwd` is the session's workspace.
 */
export function writeTranscriptSample(file: string, cwd: string): void {
  const { amended, cancelled, plan, crashed, shell, open, prompts, answer } = TRANSCRIPT_SAMPLE;
  let count = 0;
  const lines: string[] = [];
  const line = (type: string, fields: Record<string, unknown>, v = 1): void => {
    const id = (count++).toString(16).padStart(12, '0');
    lines.push(JSON.stringify({ v, type, id, ts: TS, ...fields }));
  };
  const assistant = (text: string, call: { id: string; name: string; input: unknown }): void =>
    line('assistant', {
      message: {
        role: 'assistant',
        text,
        toolCalls: [{ ...call, status: 'pending', summary: '' }],
        provider: 'openai-chat',
        model: 'fake-model',
      },
    });
  const designOutput = JSON.stringify({ answers: ['SQLite', 'REST'], cancelled: false });
  line('session_start', { cwd, provider: 'openai-chat', model: 'fake-model' });
  line('user', { text: 'Plan the service.' });
  assistant('', { id: amended.id, name: 'ask_user', input: DESIGN });
  line('tool_end', {
    callId: amended.id,
    status: 'ok',
    summary: 'answered 2 of 2',
    retainedOutput: designOutput,
    retainedDetails: { custom: [false, false] },
  });
  line('checkpoint', {
    summary: 'The person chose the database and the API style.',
    decisions: [
      {
        id: amended.id,
        name: 'ask_user',
        input: DESIGN,
        status: 'ok',
        output: designOutput,
        details: { custom: [false, false] },
        amended: JSON.stringify({ answers: amended.answers, cancelled: false }),
      },
    ],
  });
  line('user', { text: prompts[0] });
  assistant(answer, { id: cancelled.id, name: 'ask_user', input: DEPLOY });
  const cancelledOutput = JSON.stringify({ answers: cancelled.answers, cancelled: true });
  line('tool_end', {
    callId: cancelled.id,
    status: 'ok',
    summary: 'cancelled after 1 of 2',
    retainedOutput: cancelledOutput,
    retainedDetails: { custom: cancelled.custom },
  });
  line('user', { text: prompts[1] });
  assistant('', { id: plan.id, name: 'present_plan', input: { plan: plan.plan } });
  line('tool_end', {
    callId: plan.id,
    status: 'ok',
    summary: 'plan approved',
    retainedDetails: { decision: 'approve', mode: 'default' },
  });
  line('user', { text: prompts[2] });
  const { id, name } = crashed;
  assistant('', { id, name, input: { path: 'notes.md' } });
  const ran = `I ran this shell command in the workspace myself:\n$ ${shell.command}\n${shell.output}`;
  line(
    'user',
    {
      text: `${ran}\n\n[${shell.summary}]`,
      display: `!${shell.command}`,
      shell: { ...shell, status: 'error' },
    },
    3,
  );
  line('user', { text: prompts[3] });
  assistant('', { id: open.id, name: 'ask_user', input: LAUNCH });
  writeFileSync(file, `${lines.join('\n')}\n`);
}
