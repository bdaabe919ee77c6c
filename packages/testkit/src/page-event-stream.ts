/** A page's server-sent event stream as a test reads it. */
export interface PageEventStream {
  /** Every event so far, parsed. */
  seen: Array<Record<string, unknown>>;
  /** Resolves with the first event passing `test` (one already seen counts). */
  until(test: (event: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * Reads the web page's `/events` (server-sent events of JSON objects) from `origin` with
 * `token`, as the page does.
 */
export function pageEventStream(origin: string, token: string): PageEventStream {
  const controller = new AbortController();
  const seen: Array<Record<string, unknown>> = [];
  const waiters: Array<{ test(event: Record<string, unknown>): boolean; resolve(): void }> = [];
  const reading = (async () => {
    const response = await fetch(`${origin}/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (!data) continue;
        const event = JSON.parse(data) as Record<string, unknown>;
        seen.push(event);
        for (const waiter of waiters.filter((w) => w.test(event))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    }
  })().catch(() => undefined);
  return {
    seen,
    until(test) {
      const found = seen.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) =>
        waiters.push({ test, resolve: () => resolve(seen.find(test)!) }),
      );
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
