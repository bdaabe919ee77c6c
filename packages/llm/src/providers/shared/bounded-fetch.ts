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
        '(no real model API does that: check the `baseUrl` option)',
    );
    this.name = 'StreamLineTooLongError';
  }
}

/**
 * `source`'s bytes, passed on whole lines at a time; the stream fails (and cancels `source`) once
 * one line exceeds `limit` bytes. Holding back a partial line costs no latency (an SSE event ends
 * at a line end) and hands the SDK each long line in one piece: its line decoder copies and
 * rescans its buffer for every chunk, which made a long line quadratic. A pulled stream, not a
 * TransformStream: piping set up Node's writable-stream machinery and cost a turn ~5 ms.
 */
export function boundLines(
  source: ReadableStream<Uint8Array>,
  limit: number,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let held: Uint8Array[] = [];
  let run = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          if (held.length > 0) controller.enqueue(joined(held));
          held = [];
          controller.close();
          return;
        }
        let lastBreak = -1;
        for (let i = 0; i < value.length; i++) {
          const byte = value[i];
          if (byte === 10 || byte === 13) {
            run = 0;
            lastBreak = i;
          } else if (++run > limit) {
            held = [];
            const error = new StreamLineTooLongError(limit);
            await reader.cancel(error).catch(() => undefined);
            throw error;
          }
        }
        if (lastBreak < 0) {
          held.push(value);
          continue;
        }
        const lines = value.subarray(0, lastBreak + 1);
        controller.enqueue(held.length > 0 ? joined([...held, lines]) : lines);
        held = lastBreak + 1 < value.length ? [value.subarray(lastBreak + 1)] : [];
        return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
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
    const bounded = new Response(boundLines(response.body, limit), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(bounded, 'url', { value: response.url });
    return bounded;
  };
}
