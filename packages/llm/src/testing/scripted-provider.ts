import type { Provider, ProviderRequest, StopReason, StreamEvent } from '../provider';

/**
 * An in-process provider whose responses a test scripts (an injected stream),
 * for loop, session, front-end and consumers' own tests that need no HTTP. It speaks the
 * provider contract itself; adapter tests go the other way (real SDKs, loopback fake servers).
 */

/** One scripted stream event: the provider contract's own. */
export type ScriptEvent = StreamEvent;

/**
 * One scripted model response: its events, or a function that produces them for the request it
 * gets (a plain array, or an async stream the function paces itself, watching `signal`).
 */
export type ScriptStep<Request = ProviderRequest> =
  | readonly ScriptEvent[]
  | ((
      request: Request,
      signal: AbortSignal,
    ) => readonly ScriptEvent[] | AsyncIterable<ScriptEvent>);

export interface ScriptedProviderOptions {
  /** Provider id to report (default `scripted`); apps that look providers up need a real one. */
  id?: string;
  /** Model name to report (default `scripted-model`). */
  model?: string;
}

/**
 * Plays one step per provider call, in order, and records a deep copy of every request. Array
 * steps stream one event per macrotask, as a real stream does, and end with `aborted` as soon
 * as the signal aborts; past the script it answers "(script exhausted)" and stops. While the
 * provider is held, array steps wait for `release()` (or an abort) before their last event.
 */
export class ScriptedProvider<
  Request extends ProviderRequest = ProviderRequest,
> implements Provider {
  readonly id: string;
  readonly model: string;
  /** Every request received, deep-copied when it arrived. */
  readonly requests: Request[] = [];
  private readonly steps: ScriptStep<Request>[];
  private gate: Promise<void> | undefined;
  private open: (() => void) | undefined;

  constructor(steps: readonly ScriptStep<Request>[] = [], options: ScriptedProviderOptions = {}) {
    this.steps = [...steps];
    this.id = options.id ?? 'scripted';
    this.model = options.model ?? 'scripted-model';
  }

  /** Holds streams before their last event until `release()`. */
  hold(): void {
    if (!this.gate) this.gate = new Promise((resolve) => (this.open = resolve));
  }

  /** Lets held streams finish. */
  release(): void {
    this.open?.();
    this.gate = undefined;
    this.open = undefined;
  }

  stream(request: Request, signal: AbortSignal): AsyncIterable<ScriptEvent> {
    this.requests.push(structuredClone(request));
    const step = this.steps[this.requests.length - 1] ?? exhausted;
    const events = typeof step === 'function' ? step(request, signal) : step;
    if (isAsyncIterable(events)) return events;
    return this.play(events, signal);
  }

  private async *play(
    events: readonly ScriptEvent[],
    signal: AbortSignal,
  ): AsyncIterable<ScriptEvent> {
    for (let i = 0; i < events.length; i++) {
      if (this.gate && i === events.length - 1) await untilOpenOrAborted(this.gate, signal);
      await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) {
        yield { type: 'end', stopReason: 'aborted' };
        return;
      }
      yield events[i]!;
    }
  }
}

const exhausted: readonly ScriptEvent[] = [
  { type: 'text_delta', text: '(script exhausted)' },
  { type: 'end', stopReason: 'stop' },
];

/** Waits for `gate` or an abort, whichever comes first, and leaves no listener behind. */
function untilOpenOrAborted(gate: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    if (signal.aborted) done();
    void gate.then(done);
  });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<ScriptEvent> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** A text delta (no end: combine with `end`, or use `reply`). */
export function text(value: string): ScriptEvent[] {
  return [{ type: 'text_delta', text: value }];
}

/**
 * A complete call as a real adapter emits it: start, its arguments in three fragments, end. A
 * string is sent verbatim (malformed JSON included); anything else as its JSON.
 */
export function call(id: string, name: string, args: unknown): ScriptEvent[] {
  const raw = typeof args === 'string' ? args : JSON.stringify(args);
  const third = Math.ceil(raw.length / 3) || 1;
  const fragments: ScriptEvent[] = [];
  for (let i = 0; i < raw.length; i += third) {
    fragments.push({ type: 'tool_call_delta', id, argumentsDelta: raw.slice(i, i + third) });
  }
  return [
    { type: 'tool_call_start', id, name },
    ...fragments,
    { type: 'tool_call_end', id, name, arguments: raw },
  ];
}

export function end(stopReason: StopReason = 'stop'): ScriptEvent[] {
  return [{ type: 'end', stopReason }];
}

/** A whole response: optional text, then the calls, then the matching stop. */
export function reply(textValue: string, ...calls: ScriptEvent[][]): ScriptEvent[] {
  return [
    ...(textValue ? text(textValue) : []),
    ...calls.flat(),
    ...end(calls.length > 0 ? 'tool_use' : 'stop'),
  ];
}

/** Resolves when `signal` aborts (no timers), for function steps that hang until interrupted. */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
