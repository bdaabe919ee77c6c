import type { FakeServer, ScriptedTurn } from '@agent/testkit';
import type { Provider, StreamEvent } from '../../src/provider';
import {
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
  provider(url: string): Provider;
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
    let server: FakeServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });
    const script = () => twoTurnScript(adapter.ids, adapter.inputTokens);

    test('streams text as it arrives, assembles fragmented calls, reports usage incl. cached', async () => {
      server = await adapter.start(script());
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
      server = await adapter.start(script());
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
    let server: FakeServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    test('a hung stream ends promptly as aborted when the person interrupts', async () => {
      server = await adapter.start([hang]);
      const controller = new AbortController();
      const done = collect(adapter.provider(server.url), request([USER]), controller.signal);
      await waitFor(() => server!.requests.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      controller.abort();
      const events = await done;
      expect(Date.now() - started).toBeLessThan(3000);
      expect(endOf(events)).toEqual({ type: 'end', stopReason: 'aborted' });
      await waitFor(() => server!.openResponses() === 0, 5000);
    });

    test('an endpoint nobody listens on ends with a network error naming the URL to check', async () => {
      const url = await closedUrl();
      const end = endOf(await collect(adapter.provider(url), request([USER])));
      expect(end.error?.kind).toBe('network');
      expect(end.error?.message).toContain(url);
      expect(end.error?.message).toContain('--base-url');
    });

    test('a response cut off by the output limit ends with stopReason length', async () => {
      server = await adapter.start([{ text: 'half an ans', stopReason: 'length' }]);
      const events = await collect(adapter.provider(server.url), request([USER]));
      expect(textOf(events)).toBe('half an ans');
      expect(endOf(events)).toEqual({ type: 'end', stopReason: 'length' });
    });
  });
}
