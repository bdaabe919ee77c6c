import type { FormOutcome, FormQuestionnaire, UrlOutcome, UrlRequest } from '../form-question';
import type { PermissionDecision, PermissionRequest } from '../permission';
import type { Answer } from '../answer';
import type { AnsweredQuestionnaire, Questionnaire, QuestionnaireProgress } from '../questionnaire';

/** A kept decision that matches one question: the card preselects it and says when it was made. */
export interface DecidedAnswer {
  /** Zero-based index of the question. */
  question: number;
  /** The exact answer kept, shaped for the question (a list for a multi-select one). */
  answer: Answer;
  /** When it was decided (ISO 8601). */
  decidedAt: string;
}

/** What the tool loop asks when an `ask_user` call opens. */
export interface QuestionnaireAsk {
  questionnaire: Questionnaire;
  /**
   * Hears every change of the answers given so far, so an interrupted call can still report them
   * and the session can keep each answer as it is given.
   */
  onProgress?: (progress: QuestionnaireProgress) => void;
  /**
   * The answers given before the process went away (a questionnaire offered again on resume):
   * the card opens at the first unanswered question with these filled in and changeable.
   */
  answered?: QuestionnaireProgress;
  /** The person reviews earlier answers (`/amend`): the card starts at the first question. */
  review?: boolean;
  /**
   * Decisions the person kept (`/remember`) for some of these questions: preselected, never
   * recorded until the person confirms them.
   */
  decided?: DecidedAnswer[];
}

/** Each kind of request to the person: what it carries, and what answers it. */
export interface PersonRequestKinds {
  /** May this `edit` or `exec` call run? */
  approval: { payload: PermissionRequest; answer: PermissionDecision };
  /** `ask_user`'s questions; Esc answers `cancelled: true` with the answers completed. */
  questionnaire: { payload: QuestionnaireAsk; answer: AnsweredQuestionnaire };
  /** An MCP server's form (elicitation, form mode). */
  form: { payload: FormQuestionnaire; answer: FormOutcome };
  /** An MCP server asks the person to open a URL (elicitation, URL mode). */
  url: { payload: UrlRequest; answer: UrlOutcome };
  /** The plan the model presents in plan mode (`present_plan`), for the person to decide on. */
  plan: { payload: PlanAsk; answer: PlanDecision };
}

/** What `present_plan` shows the person: the whole plan, Markdown (model text: data). */
export interface PlanAsk {
  plan: string;
}

/**
 * The person's decision on a plan: approve it and leave plan mode (for accept-edits, where
 * workspace edits run without a card, or default, where each edit asks), or keep planning with a
 * note for the model. `unanswered`: nobody here can decide (a headless run), so the plan stands
 * as presented and the run ends without changing anything.
 */
export type PlanDecision =
  /** `plan`: the plan as the person edited it before approving (Ctrl+G), when they did. */
  | { decision: 'approve'; mode: 'accept-edits' | 'default'; plan?: string }
  | { decision: 'keep-planning'; note: string }
  | { decision: 'unanswered'; by: string };

export type PersonRequestKind = keyof PersonRequestKinds;
export type PersonAnswer<K extends PersonRequestKind> = PersonRequestKinds[K]['answer'];

/** One blocking question to the person. */
export interface PersonRequest<K extends PersonRequestKind = PersonRequestKind> {
  /** Distinct per request, so a late answer to an older card is ignored. */
  readonly id: string;
  readonly kind: K;
  /** The tool call this request belongs to; absent for a server's question between turns. */
  readonly toolCallId?: string;
  readonly payload: PersonRequestKinds[K]['payload'];
  /** Aborting it withdraws the request: its promise rejects with the reason, nothing stays. */
  readonly signal: AbortSignal;
}

/** Any one request, narrowed by its `kind`. */
export type AnyPersonRequest = { [K in PersonRequestKind]: PersonRequest<K> }[PersonRequestKind];

/**
 * The one way core code reaches the person. Each front end has one implementation: the REPL's
 * cards (one shown at a time, the rest waiting unseen), the headless policy (answers at once,
 * never waits), an editor's requests, a test's script. `ask` resolves with the answer, once, or
 * rejects: at once for a kind nobody here answers, with the signal's reason when it aborts.
 */
export interface PersonChannel {
  /** Whether requests of this kind reach someone who can answer them (else they fail at once). */
  canAnswer(kind: PersonRequestKind): boolean;
  /**
   * Whether a person answers requests of this kind (a card waits for them), not a policy that
   * answers at once (the headless one, which prints a plan and leaves it unanswered): a call a
   * crash left open is offered again on resume only where a person answers it. Absent: as
   * `canAnswer`.
   */
  personAnswers?(kind: PersonRequestKind): boolean;
  ask<K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>>;
}

let nextId = 1;

/** Builds a request with a fresh id and asks it. */
export function askPerson<K extends PersonRequestKind>(
  channel: PersonChannel,
  kind: K,
  payload: PersonRequestKinds[K]['payload'],
  options: { signal: AbortSignal; toolCallId?: string },
): Promise<PersonAnswer<K>> {
  const request: PersonRequest<K> = {
    id: `${kind}-${nextId++}`,
    kind,
    payload,
    signal: options.signal,
    ...(options.toolCallId === undefined ? {} : { toolCallId: options.toolCallId }),
  };
  return channel.ask(request);
}

/** The abort reason of `signal` as an Error. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('interrupted');
}
