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

/** Passes bytes through unchanged and fails the stream once one line exceeds `limit` bytes. */
export function boundLines(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let run = 0;
  return new TransformStream({
    transform(chunk, controller) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === 10 || byte === 13) run = 0;
        else if (++run > limit) throw new StreamLineTooLongError(limit);
      }
      controller.enqueue(chunk);
    },
  });
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
