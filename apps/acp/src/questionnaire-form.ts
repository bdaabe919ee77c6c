import { ASK_USER_LIMITS, QuestionnaireIntentError, QuestionnaireIntents } from '@agent/askuser';
import type {
  Answer,
  AnsweredQuestionnaire,
  Question,
  QuestionnaireAsk,
  QuestionnaireProgress,
} from '@agent/tools';
import { acceptedContent } from './elicitation-content';
import type { CreateElicitationResponse, ElicitationSchema } from './schema';

/** The label of each question's free-text field. */
export const TYPED_ANSWER_TITLE = 'Or type your answer';

const choiceKey = (index: number) => `q${index + 1}`;
const typedKey = (index: number) => `q${index + 1}_typed`;

/** An answer a question holds before the form is shown, and whether it was typed. */
interface Prefill {
  answer: Answer;
  typed: boolean;
  description?: string;
}

/**
 * An `ask_user` questionnaire asked as an editor's form, through the questionnaire's intents as
 * the terminal's card is: the answers given before the process went away (`answered`, a
 * questionnaire offered again on `session/load`) are filled in and count as given, and the
 * form's reply changes them as the card's keys would, so the session keeps the same answers and
 * lines as the terminal does.
 */
export class QuestionnaireForm {
  private readonly model: QuestionnaireIntents;

  constructor(private readonly ask: QuestionnaireAsk) {
    const { onProgress } = ask;
    this.model = new QuestionnaireIntents(ask.questionnaire, {
      ...(ask.answered ? { answered: ask.answered } : {}),
      // The reply fills the questions in order, so only the last one may resolve the card: an
      // answer given before must not end it before the form's later fields are read.
      review: true,
      ...(onProgress ? { onProgress } : {}),
    });
  }

  /** The message shown above the form. */
  get message(): string {
    const count = this.ask.questionnaire.questions.length;
    const asks =
      count === 1
        ? 'The agent has a question for you.'
        : `The agent has ${count} questions for you.`;
    return given(this.model.progress).size > 0
      ? `${asks} Your earlier answers are filled in.`
      : asks;
  }

  /**
   * The form: per question a single-select field whose choices are the exact option strings and
   * beside it a free-text field; a typed answer takes the place of the choice. Each field's
   * default is the answer given before (its options, its typed text), else a kept decision (its
   * description says when it was decided), else the first option (the model's recommendation).
   */
  get schema(): ElicitationSchema {
    const earlier = given(this.model.progress);
    const properties: NonNullable<ElicitationSchema['properties']> = {};
    this.ask.questionnaire.questions.forEach((question, i) => {
      const kept = this.ask.decided?.find((entry) => entry.question === i);
      const prefill: Prefill | undefined =
        earlier.get(i) ??
        (kept && {
          answer: kept.answer,
          typed: typeof kept.answer === 'string' && !question.options.includes(kept.answer),
          description: `kept decision from ${kept.decidedAt.slice(0, 10)}`,
        });
      const defaults = prefill ? formDefaults(question, prefill) : {};
      const note = prefill?.description ? { description: prefill.description } : {};
      properties[choiceKey(i)] =
        question.multiSelect === true
          ? {
              type: 'array',
              title: question.question,
              items: { type: 'string', enum: [...question.options] },
              default: (defaults.choice as string[] | undefined) ?? [question.options[0]!],
              ...note,
            }
          : {
              type: 'string',
              title: question.question,
              enum: [...question.options],
              default: (defaults.choice as string | undefined) ?? question.options[0]!,
              ...note,
            };
      properties[typedKey(i)] = {
        type: 'string',
        title: TYPED_ANSWER_TITLE,
        description: `Instead of a choice above, for: ${question.question}`,
        maxLength: ASK_USER_LIMITS.maxAnswerChars,
        ...(defaults.typed !== undefined ? { default: defaults.typed } : {}),
      };
    });
    return {
      type: 'object',
      properties,
      required: this.ask.questionnaire.questions.flatMap((q, i) =>
        q.multiSelect === true ? [] : [choiceKey(i)],
      ),
    };
  }

  /**
   * The form is on its way to the editor: the answers filled in from before count as given from
   * now on (an interrupted turn still reports them), as when the terminal's card opens.
   */
  shown(): void {
    if (!this.ask.answered || this.ask.review) return;
    try {
      this.ask.onProgress?.(this.model.progress);
    } catch {
      // A failing listener must not lose the form.
    }
  }

  /**
   * The person's reply as the tool's result: per question the typed answer (when not empty: it
   * takes the place of the choice, trimmed) or else the exact option chosen; for a multi-select
   * question the options chosen in option order, then the typed text unless it is one of them
   * (at least one of them). Decline and cancel are a cancelled questionnaire, keeping the answers
   * given before. A question answered with neither an option nor usable text keeps the answer it
   * had, if any; else it has none, so the model never gets an answer nobody gave: the result is
   * cancelled, and the answers after it are kept as answered out of order (ASK_USER.md §10).
   * The answers are heard (`onProgress`) as they are given, as from the card.
   */
  answers(response: CreateElicitationResponse): AnsweredQuestionnaire {
    const model = this.model;
    if (response.action === 'accept') {
      const content = acceptedContent(response);
      this.ask.questionnaire.questions.forEach((question, i) => {
        try {
          answerFromForm(model, question, i, content);
        } catch (error) {
          // A value the form offered no field for: this question keeps what it had.
          if (!(error instanceof QuestionnaireIntentError)) throw error;
        }
      });
    }
    if (model.status === 'active') model.cancel();
    return model.result!;
  }
}

/** The answers `progress` holds, by question, in order or out of order. */
function given(progress: QuestionnaireProgress): Map<number, Prefill> {
  const answers = new Map<number, Prefill>();
  progress.answers.forEach((answer, i) => answers.set(i, { answer, typed: progress.custom[i]! }));
  for (const entry of progress.later ?? []) {
    answers.set(entry.question, { answer: entry.answer, typed: entry.custom === true });
  }
  return answers;
}

/** An answer as the form's defaults: the options it holds, and its typed text. */
function formDefaults(question: Question, prefill: Prefill): { choice?: Answer; typed?: string } {
  const { answer } = prefill;
  if (typeof answer === 'string') return prefill.typed ? { typed: answer } : { choice: answer };
  const typed = answer.find((entry) => !question.options.includes(entry));
  const choice = question.options.filter((option) => answer.includes(option));
  return { choice, ...(typed !== undefined ? { typed } : {}) };
}

/** Gives question `i` the answer the form's fields hold for it, if they hold one that counts. */
function answerFromForm(
  model: QuestionnaireIntents,
  question: Question,
  i: number,
  content: Record<string, unknown>,
): void {
  const typed = content[typedKey(i)];
  const text = typeof typed === 'string' && typed.trim() !== '' ? typed : undefined;
  const chosen = content[choiceKey(i)];
  model.jump(i);
  if (question.multiSelect === true) {
    const picked: unknown[] = Array.isArray(chosen) ? chosen : [];
    const ticked = (option: string) => model.ticked(question.options.indexOf(option));
    for (const value of picked) if (!ticked(value as string)) model.toggle(i, value as string);
    for (const option of question.options) {
      if (ticked(option) && !picked.includes(option)) model.toggle(i, option);
    }
    // The text of an answer given before is the draft now; the form's empty field clears it.
    if (text === undefined && model.draft !== '') model.type(i, '');
  }
  if (text !== undefined) {
    model.type(i, text);
    // Refused (over the limit): the question keeps the answer it had, not part of this one.
    if (model.hint !== undefined) return;
  }
  if (question.multiSelect === true || text !== undefined) model.submit();
  else model.select(i, chosen as string);
}
