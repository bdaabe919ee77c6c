import type { Provider, ProviderRequest, StreamEvent } from '../../src';

/** One scripted model response: fixed events, or a function that streams them by hand. */
export type ScriptStep =
  StreamEvent[] | ((request: ProviderRequest, signal: AbortSignal) => AsyncIterable<StreamEvent>);

/**
 * A provider whose responses are pushed by the test (the injected stream of STYLE.md 3). It
 * records a deep copy of every request; past the script it answers with a plain stop.
 */
export class ScriptedProvider implements Provider {
  readonly id = 'scripted';
  readonly requests: ProviderRequest[] = [];
  constructor(
    private readonly steps: ScriptStep[],
    readonly model = 'scripted-model',
  ) {}

  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
    this.requests.push(structuredClone(request));
    const step = this.steps[this.requests.length - 1];
    if (typeof step === 'function') return step(request, signal);
    const events = step ?? [...text('(script exhausted)'), end('stop')];
    return (async function* () {
      for (const event of events) yield event;
    })();
  }
}

export function text(value: string): StreamEvent[] {
  return [{ type: 'text_delta', text: value }];
}

/** A complete call as a real adapter emits it: start, a few argument fragments, end. */
export function call(
  id: string,
  name: string,
  args: string | Record<string, unknown>,
): StreamEvent[] {
  const raw = typeof args === 'string' ? args : JSON.stringify(args);
  const third = Math.ceil(raw.length / 3) || 1;
  const fragments: StreamEvent[] = [];
  for (let i = 0; i < raw.length; i += third) {
    fragments.push({ type: 'tool_call_delta', id, argumentsDelta: raw.slice(i, i + third) });
  }
  return [
    { type: 'tool_call_start', id, name },
    ...fragments,
    { type: 'tool_call_end', id, name, arguments: raw },
  ];
}

export function end(stopReason: 'stop' | 'tool_use' = 'stop'): StreamEvent[] {
  return [{ type: 'end', stopReason }];
}

/** A response: optional text, then calls, then the matching stop. */
export function reply(textValue: string, ...calls: StreamEvent[][]): StreamEvent[] {
  return [
    ...(textValue ? text(textValue) : []),
    ...calls.flat(),
    ...end(calls.length ? 'tool_use' : 'stop'),
  ];
}

/** Resolves when `signal` aborts (no timers). */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
