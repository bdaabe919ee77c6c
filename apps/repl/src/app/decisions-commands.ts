import { answerAt } from '@agent/tools';
import { decisionDate, scopeLabel, type Decision, type KeptAnswer } from '@agent/runtime';
import type { CommandDeps } from './command-runner';
import { openPicker } from './open-picker';
import { PickList, type PickItem } from './pick-list';
import { RememberPicker } from './remember-picker';

/*
 * The decisions the person keeps across sessions (ASK_USER.md §10): `/remember` keeps chosen
 * answers of the last questionnaire, `/decisions` lists, edits and revokes them. The store is the
 * runtime's (`session.decisions`); these commands only ask the person and say what happened.
 */

/** The answers of the session's last questionnaire, exact, in question order. */
function lastAnswers(deps: CommandDeps): KeptAnswer[] {
  const last = deps.session.lastQuestionnaire();
  if (!last) return [];
  return last.questionnaire.questions.flatMap((q, i) => {
    const answer = answerAt(last.result, i);
    return answer === undefined ? [] : [{ question: q.question, answer }];
  });
}

/** `/remember` (a picker) or `/remember all` (every answer, for this project). */
export async function remember(args: string, deps: CommandDeps, signal: AbortSignal) {
  const { app, session } = deps;
  if (args !== '' && args !== 'all')
    return app.error('Usage: /remember (a picker) or /remember all');
  const answers = lastAnswers(deps);
  if (answers.length === 0) {
    return app.info(
      session.lastQuestionnaire()
        ? '/remember: the last questionnaire was closed with no answer given, so there is nothing to remember; /remember keeps the answers of the last one only.'
        : '/remember: this session has no answered questionnaire to remember.',
    );
  }
  const choice =
    args === 'all'
      ? { answers, scope: 'project' as const }
      : await openPicker(
          app,
          new RememberPicker(answers),
          'Space ticks · Enter keeps · Esc closes',
          signal,
          () => app.flash('Tick the answers to keep first (Space).'),
        );
  if (!choice) return app.info('/remember: nothing was kept.');
  try {
    const setAside = session.decisions.keep(
      choice.answers,
      choice.scope,
      session.sessionId ?? 'unsaved',
    );
    if (setAside) app.info(setAside);
  } catch (error) {
    return app.error(`Could not keep the decisions: ${(error as Error).message}`);
  }
  const where = choice.scope === 'project' ? 'this project' : 'every project';
  app.info(
    [
      `Kept ${choice.answers.length} decision${choice.answers.length === 1 ? '' : 's'} for ${where} (new sessions are told them; /decisions lists them):`,
      ...choice.answers.map((a) => `  ${a.question} → ${JSON.stringify(a.answer)}`),
    ].join('\n'),
  );
}

const USAGE =
  'Usage: /decisions (a picker), /decisions list, /decisions edit N ANSWER, /decisions revoke N';

/** `/decisions`: a picker; `list`; `edit N ANSWER`; `revoke N` (N as listed). */
export async function decisions(args: string, deps: CommandDeps, signal: AbortSignal) {
  const { app, session } = deps;
  const book = session.decisions;
  for (const problem of book.problems) app.info(`! ${problem}`);
  const [verb = '', number = '', ...rest] = args.trim().split(/ +/);
  if (verb === '') return pickDecision(deps, signal);
  if (verb === 'list') return app.info(listText(book.list()));
  if (verb !== 'edit' && verb !== 'revoke') return app.error(USAGE);
  const listed = book.list();
  const n = Number(number);
  const decision = Number.isInteger(n) && n >= 1 ? listed[n - 1] : undefined;
  if (!decision) {
    return app.error(
      listed.length === 0
        ? 'No decisions are kept for this project.'
        : `No decision ${number || '(no number given)'}: N runs from 1 to ${listed.length}, as /decisions list numbers them. ${USAGE}`,
    );
  }
  try {
    if (verb === 'revoke') {
      book.revoke(decision.id);
      return app.info(`Revoked: ${decision.question} → ${JSON.stringify(decision.answer)}`);
    }
    const text = args.trim().replace(/^edit +\S+ ?/, '');
    if (rest.length === 0 || text === '') return app.error(USAGE);
    const answer = editedAnswer(decision, text);
    book.edit(decision.id, answer);
    return app.info(`Changed: ${decision.question} → ${JSON.stringify(answer)}`);
  } catch (error) {
    return app.error(`Could not change the decision: ${(error as Error).message}`);
  }
}

/**
 * The new answer of `/decisions edit`: for a one-answer decision the text as typed, or a JSON
 * string (`"ok "`) for an answer whose edge spaces the command line would drop; for a list, a
 * JSON list of strings, else the text as the only entry.
 */
function editedAnswer(decision: Decision, text: string): string | string[] {
  const parsed = parsedJson(text);
  if (typeof decision.answer === 'string') return typeof parsed === 'string' ? parsed : text;
  if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((e) => typeof e === 'string')) {
    return parsed as string[];
  }
  return [text];
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An answer as `/decisions edit` reads it back exactly (see editedAnswer). */
function editableAnswer(answer: string | string[]): string {
  if (typeof answer !== 'string') return JSON.stringify(answer);
  return answer.trim() !== answer || parsedJson(answer) !== undefined
    ? JSON.stringify(answer)
    : answer;
}

function decisionLine(decision: Decision): string {
  return `${decision.question} → ${JSON.stringify(decision.answer)}`;
}

function listText(list: readonly Decision[]): string {
  if (list.length === 0) {
    return 'No decisions are kept for this project. /remember after a questionnaire keeps its answers.';
  }
  return [
    'Kept decisions (new sessions are told them):',
    ...list.map(
      (d, i) =>
        `  ${String(i + 1).padStart(2)}. ${decisionLine(d)}  · ${scopeLabel(d)}, ${decisionDate(d)}`,
    ),
    '/decisions edit N ANSWER changes one; /decisions revoke N revokes one.',
  ].join('\n');
}

function items(list: readonly Decision[]): PickItem<number>[] {
  return list.map((d, i) => ({
    value: i,
    label: `${i + 1}. ${decisionLine(d)}`,
    note: `${scopeLabel(d)}, ${decisionDate(d)}`,
  }));
}

/**
 * `/decisions` alone: the kept decisions; Delete revokes the selected one, Enter puts
 * `/decisions edit N ANSWER` into the prompt to change its answer, Esc closes.
 */
async function pickDecision(deps: CommandDeps, signal: AbortSignal): Promise<void> {
  const { app, session } = deps;
  const book = session.decisions;
  let list = book.list();
  const picker = new PickList(
    'Kept decisions · ↑↓ select · Enter edits · Delete revokes · Esc closes',
    items(list),
    {
      deletes: true,
      empty: 'No decisions kept: /remember after a questionnaire keeps its answers.',
    },
  );
  const picked = await openPicker(
    app,
    picker,
    'Enter edits · Delete revokes · Esc closes',
    signal,
    (outcome) => {
      if (outcome.type !== 'delete') return;
      const decision = list[outcome.value];
      if (!decision) return;
      try {
        book.revoke(decision.id);
        app.flash(`Revoked: ${decisionLine(decision)}`, 4000);
      } catch (error) {
        app.flash(`Could not revoke it: ${(error as Error).message}`, 4000);
      }
      list = book.list();
      picker.setItems(items(list));
    },
  );
  if (picked === undefined) return;
  const decision = list[picked];
  if (!decision) return;
  app.router.input.setText(`/decisions edit ${picked + 1} ${editableAnswer(decision.answer)}`);
  app.flash('Change the answer and press Enter.', 4000);
}
