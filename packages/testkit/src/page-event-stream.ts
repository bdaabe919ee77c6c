/** A card as the page's event stream carries it: its id and kind, and the rest per kind. */
export type StreamCard = { id: string; kind: string } & Record<string, unknown>;

/** A page's server-sent event stream as a test reads it. */
export interface PageEventStream {
  /** Every event so far, parsed. */
  seen: Array<Record<string, unknown>>;
  /**
   * Resolves with the first event passing `test` (one already seen counts). Given `what`, it gives
   * up after `ms` (15 s unless told), with an error naming `what` and what the stream got.
   */
  until(
    test: (event: Record<string, unknown>) => boolean,
    what?: string,
    ms?: number,
  ): Promise<Record<string, unknown>>;
  /**
   * Resolves with the first card of `kind` shown to the page, other than those in `except`: from
   * its `card_shown` or, for a stream that connected after it was shown, from `hello.shown`. Gives
   * up after `ms` (15 s unless told), saying so.
   */
  card(kind: string, options?: { except?: string[]; ms?: number }): Promise<StreamCard>;
  close(): Promise<void>;
}

const WAIT_MS = 15_000;

/** The card an event shows the page: a live `card_shown`'s, or the one a late `hello` reports. */
function shownBy(event: Record<string, unknown>): StreamCard | undefined {
  if (event.type === 'card_shown') return event.card as StreamCard;
  if (event.type === 'hello') return event.shown as StreamCard | undefined;
  return undefined;
}

/**
 * Reads the web page's `/events` (server-sent events of JSON objects) from `origin` with
 * `token`, as the page does.
 */
export function pageEventStream(origin: string, token: string): PageEventStream {
  const controller = new AbortController();
  const seen: Array<Record<string, unknown>> = [];
  const waiters: Array<{ test(event: Record<string, unknown>): boolean; resolve(): void }> = [];
  let connection = 'not connected yet';
  const reading = (async () => {
    const response = await fetch(`${origin}/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    connection = `connected (${response.status})`;
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
    connection = 'ended';
  })().catch((error: unknown) => {
    connection = `failed: ${String(error)}`;
  });

  const until: PageEventStream['until'] = (test, what, ms = WAIT_MS) => {
    const found = seen.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = {
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve(seen.find(test)!);
        },
      };
      const timer =
        what === undefined
          ? undefined
          : setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              const types = seen.map((event) => event.type).join(', ') || 'nothing';
              reject(
                new Error(
                  `timed out after ${ms} ms waiting for ${what} on the page's events; ` +
                    `the stream is ${connection} and got: ${types}`,
                ),
              );
            }, ms);
      waiters.push(waiter);
    });
  };

  return {
    seen,
    until,
    async card(kind, { except = [], ms } = {}) {
      const shows = (event: Record<string, unknown>): boolean => {
        const card = shownBy(event);
        return card?.kind === kind && !except.includes(card.id);
      };
      const others = except.length ? ` other than ${except.join(', ')}` : '';
      return shownBy(await until(shows, `a card of kind ${kind}${others} shown`, ms))!;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
