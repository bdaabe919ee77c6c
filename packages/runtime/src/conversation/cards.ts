import type {
  AnsweredQuestionnaire,
  AnyPersonRequest,
  FormOutcome,
  PersonRequestKind,
  PlanDecision,
  QuestionnaireProgress,
  UrlOutcome,
} from '@agent/tools';
import type { ApprovalChoice, ApprovalChoices, PlanChoice } from '@agent/tools';

/**
 * One request to the person as every front end sees it: the request itself (its id, kind, tool
 * call and payload), and for an approval the choices the runtime computed for it. Front ends draw
 * a card and answer it by id; what each answer does is decided here, once.
 */
export interface Card {
  readonly request: AnyPersonRequest;
  /** An approval's choices (once, always with its rule and scope, deny), in the order shown. */
  readonly choices?: ApprovalChoices;
  /** A plan's choices (approve for accept-edits or default, keep planning), in the order shown. */
  readonly planChoices?: readonly PlanChoice[];
}

/** What a front end answers a card with: for an approval, the id of the choice picked. */
export type CardAnswer =
  | { kind: 'approval'; choice: ApprovalChoice['id']; reason?: string }
  | { kind: 'questionnaire'; result: AnsweredQuestionnaire }
  | { kind: 'form'; outcome: FormOutcome }
  | { kind: 'url'; outcome: UrlOutcome }
  | { kind: 'plan'; decision: PlanDecision };

/**
 * Where a card went: answered by one front end with `answer` (`allowedBy`, and no answer: a
 * waiting approval allowed, unseen, by the rule an "always" answer to another card added), or
 * withdrawn (its turn was interrupted, or a front end could not show it).
 */
export type CardClosing =
  | { how: 'answered'; by: string; answer?: CardAnswer; allowedBy?: string }
  | { how: 'withdrawn'; reason: string };

/**
 * Why a front end's open card was closed: another front end (`by`) answered it first, with
 * `answer`; the card shows that answer instead of an interruption.
 */
export class AnsweredElsewhere extends Error {
  constructor(
    readonly by: string,
    readonly answer: CardAnswer | undefined,
  ) {
    super(`answered on ${by}`);
    this.name = 'AnsweredElsewhere';
  }
}

/**
 * Answers one shown card from the viewer it was shown to: the person's answer, or why the viewer
 * could not take one (its call fails). Returns the problem in words when it was not taken (the
 * card was answered elsewhere or withdrawn, or the answer does not fit).
 */
export type AnswerCard = (given: CardAnswer | { refused: string }) => string | undefined;

/**
 * One front end that shows cards: its name (said where a card was answered), what it shows, and
 * what it is told directly (a front end that only listens to the conversation's events, as the
 * web page does, answers with the `answer` operation instead).
 */
export interface CardViewer {
  readonly name: string;
  readonly kinds: readonly PersonRequestKind[];
  /** A card of one of `kinds` is shown now; `answer` answers it from this viewer. */
  show?(card: Card, answer: AnswerCard): void;
  /** A card waits behind the shown one (not shown yet). */
  queued?(card: Card): void;
  /**
   * The shown questionnaire `id` has new answers so far, given here or on another front end: all
   * of them, as the conversation records them. A viewer is not told of the progress it gave
   * itself unless it lacked some of it.
   */
  progressed?(id: string, progress: QuestionnaireProgress): void;
  /** A card closed: answered (here or elsewhere) or withdrawn. */
  closed?(id: string, closing: CardClosing): void;
}
