import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * The largest message a server may send: the SDK's own stdio limit (10 MiB, its
 * STDIO_DEFAULT_MAX_BUFFER_SIZE, see sdk.test.ts), for every transport.
 */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** What the person and the model are told when a server sends more than that in one message. */
export function tooLargeReason(what: string): string {
  const mib = MAX_MESSAGE_BYTES / (1024 * 1024);
  return `the server sent ${what} larger than ${mib} MiB (the limit of one message); the connection was closed`;
}

/**
 * `fetch` for the SDK's HTTP transports whose response bodies are bounded: an SSE event, or any
 * other body, of more than MAX_MESSAGE_BYTES errors the body and calls `onTooLarge` once, before
 * the SDK's parser has buffered more than that. Without it one endless SSE line grows the agent's
 * memory until V8 aborts.
 */
export function boundedFetch(
  onTooLarge: (reason: string) => void,
  base: FetchLike = fetch,
): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body) return response;
    const sse = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    const limiter = sse ? sseEventLimit(onTooLarge) : bodyLimit(onTooLarge);
    const bounded = new Response(response.body.pipeThrough(limiter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(bounded, 'url', { value: response.url });
    Object.defineProperty(bounded, 'redirected', { value: response.redirected });
    return bounded;
  };
}

type Limiter = TransformStream<Uint8Array, Uint8Array>;

/** Errors the stream once one SSE event (the bytes between blank lines) passes the limit. */
function sseEventLimit(onTooLarge: (reason: string) => void): Limiter {
  const LF = 10;
  const CR = 13;
  let lineBytes = 0;
  let eventBytes = 0;
  let previous = 0;
  return new TransformStream({
    transform(chunk, controller) {
      for (const byte of chunk) {
        if (byte === LF || byte === CR) {
          // CR LF is one line end; an empty line ends the event.
          if (!(byte === LF && previous === CR)) {
            if (lineBytes === 0) eventBytes = 0;
            lineBytes = 0;
          }
        } else {
          lineBytes++;
          eventBytes++;
        }
        previous = byte;
      }
      if (eventBytes > MAX_MESSAGE_BYTES) {
        const reason = tooLargeReason('an SSE event');
        onTooLarge(reason);
        controller.error(new Error(reason));
        return;
      }
      controller.enqueue(chunk);
    },
  });
}

/** Errors the stream once the whole body passes the limit. */
function bodyLimit(onTooLarge: (reason: string) => void): Limiter {
  let total = 0;
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > MAX_MESSAGE_BYTES) {
        const reason = tooLargeReason('a response');
        onTooLarge(reason);
        controller.error(new Error(reason));
        return;
      }
      controller.enqueue(chunk);
    },
  });
}
