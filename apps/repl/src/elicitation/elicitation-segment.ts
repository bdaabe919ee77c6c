import { QuestionnaireModel } from '@agent/askuser';
import type { ElicitationField } from '@agent/session';
import { REDACTED, type FormQuestionnaire, type QuestionnaireSummary } from '@agent/tools';
import { renderQuestionnaireCard, type CardView } from '../ask-user/questionnaire-card';
import { renderQuestionnaireSummary } from '../ask-user/questionnaire-summary';
import { wrapSpans, type Line } from '../text/line';
import { showControls } from '@agent/llm/text';
import { visibleSpans } from '../text/visible';
import type { CustomSegment } from '../view/segment';
import { checkAnswer, formToQuestionnaire } from './form-questions';

export type ElicitationAction = 'accept' | 'decline' | 'cancel';

/** How an exchange ended, for the compact summary (also replayed from the session). */
export interface ElicitationOutcome {
  server: string;
  action: ElicitationAction;
  /** Form mode: each field with its answer (null: skipped or not given). */
  fields?: readonly ElicitationField[];
  /** URL mode: the URL. */
  url?: string;
}

/**
 * A server's text on one line, every escape, bidi and zero-width character written as its
 * notation (`\x1b`, `\u202e`), as the permission card does: shown, never acted on or dropped.
 */
function oneLine(text: string): string {
  return showControls(text.replace(/ *\n */g, ' '));
}

/** "MCP server everything asks:" and its message, wrapped. */
function header(server: string, message: string, width: number): Line[] {
  return wrapSpans(
    [
      { text: 'MCP server ', style: 'dim' },
      ...visibleSpans(server.replace(/ *\n */g, ' '), 'accent'),
      { text: ' asks: ', style: 'dim' },
      ...visibleSpans(message.replace(/ *\n */g, ' '), 'bold'),
    ],
    width,
    '  ',
  );
}

function answerText(answer: ElicitationField['answer']): string | undefined {
  if (answer === null) return undefined;
  return Array.isArray(answer) ? answer.join(', ') : String(answer);
}

/**
 * The compact account of one exchange, in the questionnaire summary's form: accepted forms list
 * each answered field; a decline, a cancel and URL requests take one line or two.
 */
export function renderElicitationSummary(outcome: ElicitationOutcome, width: number): Line[] {
  const items = (outcome.fields ?? []).flatMap((field) => {
    const answer = answerText(field.answer);
    return answer === undefined
      ? []
      : [
          {
            question: oneLine(field.question),
            answer: showControls(answer),
            custom: false,
            // showControls already wrote every hidden character as its notation.
            entries: [{ text: showControls(answer), typed: false, hidden: false }],
          },
        ];
  });
  const total = outcome.fields?.length ?? 1;
  const verb = { accept: 'answered', decline: 'declined', cancel: 'cancelled' }[outcome.action];
  const what =
    outcome.url !== undefined
      ? `link ${oneLine(outcome.url)}`
      : `${total} question${total === 1 ? '' : 's'}`;
  const shown = outcome.action === 'accept' ? items : [];
  const summary: QuestionnaireSummary = {
    items: shown,
    unanswered: [],
    inOrder: shown,
    answered: items.length,
    total,
    cancelled: outcome.action !== 'accept',
    headline: `MCP ${oneLine(outcome.server)}: ${what} ${verb}`,
    // A replayed exchange whose answers lost a secret says so, as ask_user's summary does.
    redacted: items.some((item) => item.answer.includes(REDACTED)),
  };
  return renderQuestionnaireSummary(summary, width);
}

/**
 * An MCP server's form in the transcript: the server's message above the same questionnaire
 * card `ask_user` uses (one question per field, answers checked against the field), then the
 * compact summary once the exchange ends.
 */
export class ElicitationFormSegment implements CustomSegment {
  readonly kind = 'custom' as const;
  readonly model: QuestionnaireModel;
  private outcome: ElicitationOutcome | undefined;

  constructor(
    readonly form: FormQuestionnaire,
    /** The rows the transcript shows: a live card is laid out to fit them. */
    private readonly rows?: () => number,
  ) {
    this.model = new QuestionnaireModel(formToQuestionnaire(form), {
      check: (index, answer, typed) => checkAnswer(form.questions[index]!, answer, typed),
    });
  }

  get live(): boolean {
    return this.outcome === undefined;
  }

  resolve(outcome: ElicitationOutcome): void {
    this.outcome = outcome;
  }

  layoutKey(): number {
    return this.live && this.rows ? this.rows() : 0;
  }

  render(width: number): Line[] {
    if (this.outcome) return renderElicitationSummary(this.outcome, width);
    // "(recommended)" only where the server gave a default.
    const recommendFirst = (index: number) => this.form.questions[index]?.defaulted === true;
    return liveCard(this.form.server, this.form.message, this.model, width, this.rows, {
      recommendFirst,
    });
  }
}

/** The server's message above the card, the two fitted to the screen's rows when known. */
function liveCard(
  server: string,
  message: string,
  model: QuestionnaireModel,
  width: number,
  rows?: () => number,
  view: CardView = {},
): Line[] {
  const top = header(server, message, Math.max(12, width));
  const maxRows = rows ? Math.max(8, rows() - top.length) : undefined;
  return [...top, ...renderQuestionnaireCard(model, width, maxRows ? { ...view, maxRows } : view)];
}

/** A URL request: the server's message and the URL, asked before anything is opened. */
export class ElicitationUrlSegment implements CustomSegment {
  readonly kind = 'custom' as const;
  readonly model: QuestionnaireModel;
  private outcome: ElicitationOutcome | undefined;

  constructor(
    readonly server: string,
    readonly message: string,
    readonly url: string,
    private readonly rows?: () => number,
  ) {
    this.model = new QuestionnaireModel(
      {
        questions: [
          {
            question: `Open ${showControls(url)} ? Nothing is opened for you: open it yourself in a browser, then accept.`,
            options: ['Accept (I will open it)', 'Decline'],
          },
        ],
      },
      { check: (_index, _answer, typed) => (typed ? 'Choose Accept or Decline' : undefined) },
    );
  }

  get live(): boolean {
    return this.outcome === undefined;
  }

  resolve(outcome: ElicitationOutcome): void {
    this.outcome = outcome;
  }

  layoutKey(): number {
    return this.live && this.rows ? this.rows() : 0;
  }

  render(width: number): Line[] {
    if (this.outcome) return renderElicitationSummary(this.outcome, width);
    return liveCard(this.server, this.message, this.model, width, this.rows);
  }
}
