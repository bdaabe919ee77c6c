import {
  type AnyPersonRequest,
  type PersonAnswer,
  type PersonChannel,
  type PersonRequest,
  type PersonRequestKind,
} from './person-request';

/** What shows a queue's requests to the person. */
export interface PersonPresenter {
  /**
   * `request` is shown now (one at a time). The front end answers it with the queue's
   * `settleShown`; a presenter that throws fails the request with its error.
   */
  show(request: AnyPersonRequest): void;
  /** The shown `request` ended because its signal aborted (`reason`), before the next shows. */
  withdrawn?(request: AnyPersonRequest, reason: unknown): void;
}

/** Refuses a second questionnaire while one is shown or waiting (one questionnaire at a time); never queued. */
export class QuestionnaireBusyError extends Error {
  override name = 'QuestionnaireBusyError';
}

const ALL_KINDS: readonly PersonRequestKind[] = [
  'approval',
  'questionnaire',
  'form',
  'url',
  'plan',
];

interface Entry {
  request: AnyPersonRequest;
  resolve(answer: unknown): void;
  reject(reason: unknown): void;
  release(): void;
}

/**
 * One session's queue of requests to the person: at most one is shown (handed to the
 * presenter's `show`) at a time, across every kind; the next waits, unseen, until the shown one
 * is settled (`settleShown`). A request whose signal aborts leaves at once, rejected with the
 * reason (a shown one tells the presenter's `withdrawn` first). The answer resolves the asker's promise directly. No
 * listener, entry or timer stays behind.
 */
export class PersonQueue implements PersonChannel {
  private shown: Entry | undefined;
  private readonly waiting: Entry[] = [];

  constructor(
    private readonly presenter: PersonPresenter,
    private readonly kinds: readonly PersonRequestKind[] = ALL_KINDS,
  ) {}

  canAnswer(kind: PersonRequestKind): boolean {
    return this.kinds.includes(kind);
  }

  /** The request shown now, if any. */
  get current(): AnyPersonRequest | undefined {
    return this.shown?.request;
  }

  /** The request shown now, then those waiting, in order. */
  get pending(): AnyPersonRequest[] {
    return [...(this.shown ? [this.shown] : []), ...this.waiting].map((entry) => entry.request);
  }

  ask<K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> {
    const any = request as AnyPersonRequest;
    if (!this.canAnswer(any.kind)) {
      return Promise.reject(new Error(`nobody here answers ${any.kind} requests`));
    }
    if (any.signal.aborted) return Promise.reject(any.signal.reason);
    if (any.kind === 'questionnaire' && this.pending.some((r) => r.kind === 'questionnaire')) {
      return Promise.reject(
        new QuestionnaireBusyError(
          'another questionnaire is already waiting for the user; wait for its answers before asking again',
        ),
      );
    }
    const { promise, resolve, reject } = withResolvers<PersonAnswer<K>>();
    const onAbort = (): void => {
      try {
        if (this.shown === entry) this.presenter.withdrawn?.(any, any.signal.reason);
      } catch {
        // A presenter failing on a withdrawal must neither leave the queue stuck on the request
        // nor throw out of an abort listener (an uncaught exception).
      }
      this.settle(entry, { error: any.signal.reason });
    };
    const entry: Entry = {
      request: any,
      resolve: resolve as (answer: unknown) => void,
      reject,
      release: () => any.signal.removeEventListener('abort', onAbort),
    };
    any.signal.addEventListener('abort', onAbort, { once: true });
    this.waiting.push(entry);
    this.showNext();
    return promise;
  }

  /**
   * Answers the waiting (not yet shown) requests that `match` picks, without showing them: an
   * "always allow" answer covers the approvals queued behind it. Returns the requests answered.
   */
  answerWaiting(
    match: (request: AnyPersonRequest) => boolean,
    answer: unknown,
  ): AnyPersonRequest[] {
    const picked = this.waiting.filter((entry) => match(entry.request));
    for (const entry of picked) this.settle(entry, { answer });
    return picked.map((entry) => entry.request);
  }

  /**
   * Settles the shown request `id` with the person's answer or an error. False when `id` is not
   * the request shown now (answered, withdrawn, never shown).
   */
  settleShown(id: string, outcome: { answer: unknown } | { error: unknown }): boolean {
    const entry = this.shown;
    if (entry?.request.id !== id) return false;
    this.settle(entry, outcome);
    return true;
  }

  private showNext(): void {
    if (this.shown) return;
    const entry = this.waiting.shift();
    if (!entry) return;
    this.shown = entry;
    try {
      this.presenter.show(entry.request);
    } catch (error) {
      this.settle(entry, { error: error instanceof Error ? error : new Error(String(error)) });
    }
  }

  private settle(entry: Entry, outcome: { answer: unknown } | { error: unknown }): void {
    const index = this.waiting.indexOf(entry);
    if (index >= 0) this.waiting.splice(index, 1);
    else if (this.shown === entry) this.shown = undefined;
    else return;
    entry.release();
    if ('answer' in outcome) entry.resolve(outcome.answer);
    else entry.reject(outcome.error);
    this.showNext();
  }
}

/** `Promise.withResolvers()`, which Node 20 (still in `engines`) lacks. */
function withResolvers<T>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
} {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
