import { PersonQueue } from './person-queue';
import type {
  AnyPersonRequest,
  PersonAnswer,
  PersonChannel,
  PersonRequest,
  PersonRequestKind,
} from './person-request';

interface Held {
  request: AnyPersonRequest;
  answer(value: unknown): void;
  fail(reason: unknown): void;
}

/**
 * A person answered by code: the test harness's channel, and a program's that answers from
 * elsewhere. Requests queue as on a screen (one shown at a time); the shown one waits until
 * `answer` is called with its id. Listeners hear each request as it is shown.
 */
export class ManualPerson implements PersonChannel {
  readonly queue: PersonQueue;
  private held: Held | undefined;
  private readonly listeners = new Set<(request: AnyPersonRequest) => void>();

  constructor(kinds?: readonly PersonRequestKind[]) {
    this.queue = new PersonQueue((request) => this.hold(request), kinds);
  }

  canAnswer(kind: PersonRequestKind): boolean {
    return this.queue.canAnswer(kind);
  }

  ask<K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> {
    return this.queue.ask(request);
  }

  /** The request shown now, if any. */
  get current(): AnyPersonRequest | undefined {
    return this.held?.request;
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
    const held = this.held;
    if (!held || (id !== undefined && held.request.id !== id)) return false;
    held.answer(value);
    return true;
  }

  private hold(request: AnyPersonRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const release = (): void => {
        request.signal.removeEventListener('abort', onAbort);
        if (this.held?.request === request) this.held = undefined;
      };
      const onAbort = (): void => {
        release();
        reject(request.signal.reason);
      };
      this.held = {
        request,
        answer: (value) => {
          release();
          resolve(value);
        },
        fail: (reason) => {
          release();
          reject(reason);
        },
      };
      request.signal.addEventListener('abort', onAbort, { once: true });
      for (const listener of [...this.listeners]) {
        try {
          listener(request);
        } catch (error) {
          this.held?.fail(error);
          return;
        }
      }
    });
  }
}
