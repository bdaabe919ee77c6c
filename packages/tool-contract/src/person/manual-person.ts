import { PersonQueue } from './person-queue';
import type {
  AnyPersonRequest,
  PersonAnswer,
  PersonChannel,
  PersonRequest,
  PersonRequestKind,
} from './person-request';

/**
 * A person answered by code: the test harness's channel, and a program's that answers from
 * elsewhere. Requests queue as on a screen (one shown at a time); the shown one waits until
 * `answer` is called with its id. Listeners hear each request as it is shown.
 */
export class ManualPerson implements PersonChannel {
  readonly queue: PersonQueue;
  private readonly listeners = new Set<(request: AnyPersonRequest) => void>();

  constructor(kinds?: readonly PersonRequestKind[]) {
    this.queue = new PersonQueue({ show: (request) => this.tell(request) }, kinds);
  }

  canAnswer(kind: PersonRequestKind): boolean {
    return this.queue.canAnswer(kind);
  }

  ask<K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> {
    return this.queue.ask(request);
  }

  /** The request shown now, if any. */
  get current(): AnyPersonRequest | undefined {
    return this.queue.current;
  }

  /** Calls `listener` with each request when it is shown. Returns an unsubscribe function. */
  onShow(listener: (request: AnyPersonRequest) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Answers the shown request (when `id` names it, or no id is given). Returns false when
   * nothing is shown or `id` names a request no longer shown.
   */
  answer<K extends PersonRequestKind>(value: PersonAnswer<K>, id?: string): boolean {
    const current = this.queue.current;
    if (!current || (id !== undefined && current.id !== id)) return false;
    return this.queue.settleShown(current.id, { answer: value });
  }

  /** Tells the listeners; one that throws fails the request (the front end could not show it). */
  private tell(request: AnyPersonRequest): void {
    for (const listener of [...this.listeners]) {
      listener(request);
      if (this.queue.current !== request) return;
    }
  }
}
