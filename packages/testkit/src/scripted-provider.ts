/**
 * An in-process provider whose responses the test scripts (the injected stream of STYLE.md 3),
 * for loop, session, REPL and headless tests that need no HTTP.
 *
 * @agent/testkit depends on no workspace package: @agent/llm's own tests use this kit, so naming
 * @agent/llm here, even as a devDependency, would close a cycle that turbo rejects. The neutral
 * stream types are therefore written out below, and the class satisfies @agent/llm's `Provider`
 * structurally. @agent/llm's tests assert at compile time that these types equal its own
 * (`test/support/scripted-types.ts`), so the two cannot drift apart unnoticed.
 */

/** Mirrors @agent/llm `Usage`. */
export interface ScriptUsage {
  inputTokens: number;
  outputTokens: number;
  cachedTokens?: number;
}

/** Mirrors @agent/llm `StopReason`. */
export type ScriptStopReason = 'stop' | 'tool_use' | 'length' | 'error' | 'aborted';

/** Mirrors @agent/llm `ProviderError`. */
export interface ScriptProviderError {
  kind: 'auth' | 'rate_limit' | 'server' | 'network' | 'bad_request' | 'stream_cut' | 'other';
  message: string;
  status?: number;
}

/** Mirrors @agent/llm `StreamEvent`: what one provider call streams, `end` always last. */
export type ScriptEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'tool_call_start'; id: string; name: string }
  | { type: 'tool_call_delta'; id: string; argumentsDelta: string }
  | { type: 'tool_call_end'; id: string; name: string; arguments: string }
  | { type: 'usage'; usage: ScriptUsage }
  | { type: 'end'; stopReason: ScriptStopReason; error?: ScriptProviderError };

/**
 * The shape of @agent/llm `ProviderRequest` this kit relies on. Messages stay loosely typed;
 * a test that reads them closely names the real type: `new ScriptedProvider<ProviderRequest>()`.
 */
export interface ScriptRequest {
  system: string;
  messages: any[];
  tools: Array<{ name: string; description: string; parameters: Record<string, unknown> }>;
  maxOutputTokens?: number;
}

/**
 * One scripted model response: its events, or a function that produces them for the request it
 * gets (a plain array, or an async stream the function paces itself, watching `signal`).
 */
export type ScriptStep<Request = ScriptRequest> =
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
export class ScriptedProvider<Request extends ScriptRequest = ScriptRequest> {
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

export function end(stopReason: ScriptStopReason = 'stop'): ScriptEvent[] {
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
