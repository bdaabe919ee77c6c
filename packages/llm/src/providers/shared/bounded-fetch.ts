/**
 * The longest single line an event stream may send. The SDKs buffer a line until its end: one
 * line of hundreds of MB took minutes and all that memory. The largest legitimate line, the
 * Responses API's `response.completed` echo of a whole answer, stays far below this.
 */
export const MAX_STREAM_LINE_BYTES = 4 * 1024 * 1024;

/** A provider's event stream sent a line longer than the bound. */
export class StreamLineTooLongError extends Error {
  constructor(limit: number) {
    const mib = (limit / (1024 * 1024)).toFixed(0);
    super(
      `the provider sent a stream line longer than ${mib} MiB; stopped reading the response ` +
        '(no real model API does that: check --base-url)',
    );
    this.name = 'StreamLineTooLongError';
  }
}

/**
 * Passes the bytes through, whole lines at a time, and fails the stream once one line exceeds
 * `limit` bytes. Holding back a partial line costs no latency (an SSE event ends at a line end)
 * and hands the SDK each long line in one piece: its line decoder copies and rescans its buffer
 * for every chunk, which made a long line quadratic.
 */
export function boundLines(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array[] = [];
  let run = 0;
  return new TransformStream({
    transform(chunk, controller) {
      let lastBreak = -1;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === 10 || byte === 13) {
          run = 0;
          lastBreak = i;
        } else if (++run > limit) {
          held = [];
          throw new StreamLineTooLongError(limit);
        }
      }
      if (lastBreak < 0) {
        held.push(chunk);
        return;
      }
      const lines = chunk.subarray(0, lastBreak + 1);
      controller.enqueue(held.length > 0 ? joined([...held, lines]) : lines);
      held = lastBreak + 1 < chunk.length ? [chunk.subarray(lastBreak + 1)] : [];
    },
    flush(controller) {
      if (held.length > 0) controller.enqueue(joined(held));
    },
  });
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The global fetch, with every event-stream response body read through `boundLines`; the
 * stream's error cancels the response. Given to the SDKs as their `fetch`.
 */
export function boundedFetch(limit = MAX_STREAM_LINE_BYTES): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !type.includes('text/event-stream')) return response;
    const bounded = new Response(response.body.pipeThrough(boundLines(limit)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(bounded, 'url', { value: response.url });
    return bounded;
  };
}
