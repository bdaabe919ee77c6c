import type { FakeServer, ScriptedTurn } from '@agent/testkit';
import type { Provider, StreamEvent } from '../../src/provider';
import {
  closedAfterEach,
  closedUrl,
  collect,
  endOf,
  FINAL_TEXT,
  FIRST_TEXT,
  READ_ARGS,
  request,
  runLoop,
  SEARCH_ARGS,
  textOf,
  twoTurnScript,
  USER,
  waitFor,
} from './provider-fixtures';

/** How one adapter's tests start its fake, build the adapter and check what it sent. */
export interface ScenarioAdapter {
  /** Starts the adapter's wire fake playing `script`. */
  start(script: ScriptedTurn[]): Promise<FakeServer>;
  /** The adapter under test aimed at `url` (a fake's URL or one nobody listens on). */
  provider(url: string, maxRetries?: number): Provider;
  /** The ids the fake gives the two calls of the two-turn script. */
  ids: [string, string];
  /** The scripted input tokens of the two turns, so that turn 1 reports 220 (100 cached) or as noted. */
  inputTokens?: [number, number];
  /** The input tokens the adapter reports for turn 1. */
  reportedInputTokens: number;
  /** Adapter-specific checks of the first turn's events. */
  checkFirstTurn?(events: StreamEvent[]): void;
  /** The adapter's exact wire request checks for the follow-up (the server's second request). */
  checkFollowUp(server: FakeServer): void;
}

/** The scripted two-turn conversation: the first turn's events, then the loop's follow-up. */
export function describeTwoTurnScenario(adapter: ScenarioAdapter): void {
  describe('two-turn scenario', () => {
    const closeAfter = closedAfterEach();
    const script = () => twoTurnScript(adapter.ids, adapter.inputTokens);

    test('streams text as it arrives, assembles fragmented calls, reports usage incl. cached', async () => {
      const server = closeAfter(await adapter.start(script()));
      const first = await collect(adapter.provider(server.url), request([USER]));
      expect(first.filter((e) => e.type === 'text_delta').length).toBe(3);
      expect(textOf(first)).toBe(FIRST_TEXT);
      expect(first.filter((e) => e.type === 'tool_call_end')).toEqual([
        {
          type: 'tool_call_end',
          id: adapter.ids[0],
          name: 'read_file',
          arguments: JSON.stringify(READ_ARGS),
        },
        {
          type: 'tool_call_end',
          id: adapter.ids[1],
          name: 'search',
          arguments: JSON.stringify(SEARCH_ARGS),
        },
      ]);
      adapter.checkFirstTurn?.(first);
      expect(first).toContainEqual({
        type: 'usage',
        usage: { inputTokens: adapter.reportedInputTokens, outputTokens: 40, cachedTokens: 100 },
      });
      expect(endOf(first)).toEqual({ type: 'end', stopReason: 'tool_use' });
    });

    test('two-turn conversation through the tool loop sends the exact paired follow-up request', async () => {
      const server = closeAfter(await adapter.start(script()));
      const { result } = await runLoop(adapter.provider(server.url), [USER]);
      expect(result.reason).toBe('done');
      expect(result.messages.map((m) => m.text)).toEqual([FIRST_TEXT, FINAL_TEXT]);
      expect(result.messages[0]!.toolCalls.map((c) => [c.id, c.status, c.input])).toEqual([
        [adapter.ids[0], 'ok', READ_ARGS],
        [adapter.ids[1], 'ok', SEARCH_ARGS],
      ]);
      expect(server.requests).toHaveLength(2);
      adapter.checkFollowUp(server);
    });
  });
}

/** How a stream ends: interrupted while hung, nobody listening, cut off by the output limit. */
export function describeEndScenarios(adapter: ScenarioAdapter, hang: ScriptedTurn): void {
  describe('how a stream ends', () => {
    const closeAfter = closedAfterEach();

    test('a hung stream ends promptly as aborted when the person interrupts', async () => {
      const server = closeAfter(await adapter.start([hang]));
      const controller = new AbortController();
      const done = collect(adapter.provider(server.url), request([USER]), controller.signal);
      await waitFor(() => server.requests.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      controller.abort();
      const events = await done;
      expect(Date.now() - started).toBeLessThan(3000);
      expect(endOf(events)).toEqual({ type: 'end', stopReason: 'aborted' });
      await waitFor(() => server.openResponses() === 0, 5000);
    });

    test('an endpoint nobody listens on ends with a network error naming the URL to check', async () => {
      const url = await closedUrl();
      const end = endOf(await collect(adapter.provider(url), request([USER])));
      expect(end.error?.kind).toBe('network');
      expect(end.error?.message).toContain(url);
      expect(end.error?.message).toContain('the `baseUrl` option');
    });

    test('a response cut off by the output limit ends with stopReason length', async () => {
      const server = closeAfter(
        await adapter.start([{ text: 'half an ans', stopReason: 'length' }]),
      );
      const events = await collect(adapter.provider(server.url), request([USER]));
      expect(textOf(events)).toBe('half an ans');
      expect(endOf(events)).toEqual({ type: 'end', stopReason: 'length' });
    });
  });
}

/** One adapter's service failures: the status and message its service sends, and what to expect. */
export interface FaultCases {
  /** A rate limit answered `times` times (default 1) before the turn goes through. */
  retried429: { times?: number; message: string };
  /** A server failure and the part of its message the person must see. */
  serverError: { message: string; shows: string; status?: number };
  /** A rejected credential: its status and message, and what the ending must name. */
  rejectedKey: { status: number; message: string; names: string[] };
}

/** Rate limits retried by the SDK, server failures and rejected credentials. */
export function describeFaultScenarios(adapter: ScenarioAdapter, faults: FaultCases): void {
  describe('service faults', () => {
    const closeAfter = closedAfterEach();

    test('a 429 is retried by the SDK and the turn then succeeds', async () => {
      const { times, message } = faults.retried429;
      const server = closeAfter(
        await adapter.start([
          {
            text: 'after the wait',
            fault: { kind: 'status', status: 429, ...(times ? { times } : {}), message },
          },
        ]),
      );
      const events = await collect(adapter.provider(server.url, 2), request([USER]));
      expect(textOf(events)).toBe('after the wait');
      expect(endOf(events).stopReason).toBe('stop');
      expect(server.requests).toHaveLength((times ?? 1) + 1);
    });

    test('a 500 ends with a server error naming the service message', async () => {
      const { message, shows, status } = faults.serverError;
      const server = closeAfter(
        await adapter.start([{ text: 'x', fault: { kind: 'status', status: 500, message } }]),
      );
      const end = endOf(await collect(adapter.provider(server.url), request([USER])));
      expect(end.stopReason).toBe('error');
      expect(end.error).toMatchObject(status ? { kind: 'server', status } : { kind: 'server' });
      expect(end.error!.message).toContain(shows);
    });

    test('a rejected key ends as an auth error naming what to set', async () => {
      const { status, message, names } = faults.rejectedKey;
      const server = closeAfter(
        await adapter.start([{ text: 'x', fault: { kind: 'status', status, message } }]),
      );
      const end = endOf(await collect(adapter.provider(server.url), request([USER])));
      expect(end.error?.kind).toBe('auth');
      for (const name of names) expect(end.error?.message).toContain(name);
    });
  });
}

/** Every shared scenario for an adapter with its own wire: two turns, stream endings, faults. */
export function describeAdapterScenarios(
  adapter: ScenarioAdapter,
  cases: { hang: ScriptedTurn; faults: FaultCases },
): void {
  describeTwoTurnScenario(adapter);
  describeEndScenarios(adapter, cases.hang);
  describeFaultScenarios(adapter, cases.faults);
}
