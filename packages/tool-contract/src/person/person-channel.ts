import {
  abortReason,
  type AnyPersonRequest,
  type PersonAnswer,
  type PersonChannel,
  type PersonRequest,
  type PersonRequestKind,
} from './person-request';

/** How one kind of request is answered: the request, narrowed to its kind, to its answer. */
export type PersonHandler<K extends PersonRequestKind> = (
  request: PersonRequest<K>,
) => PersonAnswer<K> | Promise<PersonAnswer<K>>;

/** A handler per kind of request a channel answers; the kinds left out are not answered. */
export type PersonHandlers = { [K in PersonRequestKind]?: PersonHandler<K> };

/**
 * A `PersonChannel` from one typed handler per kind (`approval`, `questionnaire`, `form`, `url`,
 * `plan`): each handler gets its request narrowed to its kind and returns that kind's answer, so
 * an implementation needs no casts. `canAnswer` is true for the kinds given. A request of another
 * kind is answered by `otherwise` if given, else rejected at once. When the request's signal
 * aborts, the answer rejects with its reason even if the handler never looks at the signal.
 */
export function personChannel(
  handlers: PersonHandlers,
  otherwise?: (request: AnyPersonRequest) => PersonAnswer<PersonRequestKind>,
): PersonChannel {
  return {
    canAnswer: (kind) => handlers[kind] !== undefined,
    ask: <K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> => {
      // The one place the kinds are joined again: `handlers[request.kind]` is the handler of K.
      const handler = handlers[request.kind] as PersonHandler<K> | undefined;
      if (!handler) {
        if (otherwise) {
          return Promise.resolve().then(
            () => otherwise(request as AnyPersonRequest) as PersonAnswer<K>,
          );
        }
        return Promise.reject(new Error(`this person channel answers no ${request.kind} requests`));
      }
      return untilAborted(request.signal, () => handler(request));
    },
  };
}

/** `answer()`'s result, or a rejection with the signal's reason as soon as it aborts. */
function untilAborted<T>(signal: AbortSignal, answer: () => T | Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve()
      .then(answer)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}
