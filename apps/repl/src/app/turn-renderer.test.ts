import type { LoopEvent, ToolActivity } from '@agent/llm';
import {
  SESSION_SCHEMA_VERSION,
  sessionEventForLoopEvent,
  TranscriptReducer,
  type SessionEvent,
} from '@agent/session';
import { lineText } from '../text/line';
import type { Segment } from '../view/segment';
import { Transcript } from '../view/transcript';
import { TranscriptView } from '../view/transcript-view';
import { replaySegments } from './replay';
import { TurnRenderer, type ToolDisplay } from './turn-renderer';

const activity = (id: string, name: string, extra: Partial<ToolActivity> = {}): ToolActivity => ({
  id,
  name,
  input: {},
  status: 'pending',
  summary: '',
  ...extra,
});

/**
 * A renderer as the REPL wires it: each loop event is recorded first (the session event it
 * becomes, folded into the session's transcript reducer, as the runtime's live transcript does),
 * then drawn, so a call's entry is current when its event arrives.
 */
function setup(display: Partial<ToolDisplay> = {}) {
  const transcript = new Transcript();
  const entries = new TranscriptReducer({ cards: { ask_user: 'questionnaire' } });
  const drawn = new TurnRenderer(transcript, {
    entry: (id) => entries.call(id),
    showsOutput: (name) => name === 'run_shell',
    ...display,
  });
  const recorded: SessionEvent[] = [];
  const renderer = {
    handle(event: LoopEvent): void {
      const input = sessionEventForLoopEvent(event);
      if (input) {
        const stamp = { v: SESSION_SCHEMA_VERSION, id: `e${recorded.length}`, ts: TS };
        recorded.push({ ...stamp, ...input } as SessionEvent);
        entries.apply(recorded.at(-1)!);
      }
      drawn.handle(event);
    },
  };
  const screen = () => new TranscriptView(transcript).render(60, 40).map(lineText);
  return { transcript, renderer, screen, recorded };
}

const TS = '2026-12-01T00:00:00.000Z';

/** The model's message asking for `calls`, as the loop emits it before their starts. */
function asked(...calls: ToolActivity[]): LoopEvent {
  return { type: 'assistant_message', message: { role: 'assistant', text: '', toolCalls: calls } };
}

describe('TurnRenderer', () => {
  it('streams text, then a running tool line that turns into a one-line result', () => {
    const { renderer, screen } = setup();
    renderer.handle({ type: 'text_delta', text: 'Look' });
    renderer.handle({ type: 'text_delta', text: 'ing.' });
    expect(screen()).toEqual(['Looking.']);
    renderer.handle({
      type: 'assistant_message',
      message: { role: 'assistant', text: 'Looking.', toolCalls: [] },
    });
    renderer.handle({
      type: 'tool_start',
      activity: activity('1', 'read_file'),
      title: 'read a.ts',
    });
    expect(screen()[1]).toMatch(/^⠋ Running read a\.ts$/);
    renderer.handle({
      type: 'tool_end',
      activity: activity('1', 'read_file', { status: 'ok', summary: 'read 40 lines of a.ts' }),
      result: { output: 'lots' },
    });
    expect(screen().slice(1)).toEqual(['✓ Ran read a.ts', '  ⎿ read 40 lines of a.ts']);
  });

  it('says when it waits to retry a rate-limited request', () => {
    const { renderer, screen } = setup();
    renderer.handle({
      type: 'provider_retry',
      attempt: 1,
      maxRetries: 2,
      waitMs: 12_000,
      reason: 'rate limited by the provider (429: slow down); wait and retry',
    });
    expect(screen().join(' ')).toMatch(/retrying in 12 s \(attempt 1 of 2\): rate limited/);
  });

  it('folds long command output and shows edit diffs', () => {
    const { renderer, screen } = setup();
    renderer.handle({ type: 'tool_start', activity: activity('1', 'run_shell'), title: '$ ls' });
    renderer.handle({
      type: 'tool_end',
      activity: activity('1', 'run_shell', { status: 'ok', summary: 'exit 0' }),
      result: { output: Array.from({ length: 20 }, (_, i) => `f${i}`).join('\n') },
    });
    expect(screen()).toContain('    … 14 more lines');
    renderer.handle({ type: 'tool_start', activity: activity('2', 'edit_file'), title: 'edit a' });
    renderer.handle({
      type: 'tool_end',
      activity: activity('2', 'edit_file', { status: 'ok', summary: 'edited a' }),
      result: { output: 'ok', diff: '--- a/a\n+++ b/a\n@@ -1,2 +1,2 @@\n keep\n-old\n+new\n' },
    });
    expect(screen().slice(-4)).toEqual([
      '    @@ -1,2 +1,2 @@',
      '    1 1   keep',
      '    2   - old',
      '      2 + new',
    ]);
  });

  it('draws no status lines for interactive tools', () => {
    const { renderer, screen } = setup();
    renderer.handle(asked(activity('1', 'ask_user')));
    renderer.handle({ type: 'tool_start', activity: activity('1', 'ask_user'), title: 'ask' });
    renderer.handle({
      type: 'tool_end',
      activity: activity('1', 'ask_user', { status: 'ok', summary: 'answered' }),
      result: { output: '{}' },
    });
    expect(screen()).toEqual([]);
  });

  it('shows an error line when an interactive tool fails (invalid input, budget, concurrency)', () => {
    const { renderer, screen } = setup();
    renderer.handle(asked(activity('1', 'ask_user'), activity('2', 'ask_user')));
    renderer.handle({ type: 'tool_start', activity: activity('1', 'ask_user'), title: 'ask' });
    renderer.handle({
      type: 'tool_end',
      activity: activity('1', 'ask_user', {
        status: 'error',
        summary: 'Invalid arguments for ask_user: questions: required',
      }),
      result: {
        output: 'Invalid arguments for ask_user: questions: required',
        isError: true,
      },
    });
    renderer.handle({
      type: 'tool_end',
      activity: activity('2', 'ask_user', { status: 'error', summary: '' }),
      result: { output: 'ask_user budget exhausted\nmore', isError: true },
    });
    expect(screen()).toEqual([
      '✗ Failed ask',
      '  ⎿ Invalid arguments for ask_user: questions: required',
      '✗ Failed ask_user',
      '  ⎿ ask_user budget exhausted',
    ]);
  });

  it('shows a subagent working under its task line, then marks it done', () => {
    const { renderer, screen } = setup();
    renderer.handle({
      type: 'tool_start',
      activity: activity('t1', 'task'),
      title: 'explore: find the config loader',
    });
    const data = (event: string) => ({
      kind: 'subagent',
      agent: 'explore',
      description: 'find the config loader',
      event,
    });
    renderer.handle({
      type: 'tool_update',
      id: 't1',
      update: { text: 'grep config', data: data('tool_start') },
    });
    renderer.handle({
      type: 'tool_update',
      id: 't1',
      update: { text: '3 matches', data: data('tool_end') },
    });
    renderer.handle({
      type: 'tool_update',
      id: 't1',
      update: { text: 'read src/config.ts', data: data('tool_start') },
    });
    expect(screen()).toEqual([
      '⠋ Running explore: find the config loader',
      '  ⎿ 3 matches',
      '  ⎿ read src/config.ts',
    ]);
    renderer.handle({
      type: 'tool_end',
      activity: activity('t1', 'task', { status: 'ok', summary: 'explore: 2 tool calls' }),
      result: { output: 'found it' },
    });
    expect(screen()).toEqual([
      '✓ Ran explore: find the config loader',
      '  ⎿ explore: 2 tool calls',
      '  ⎿ 3 matches',
      '  ⎿ read src/config.ts',
    ]);
    expect(screen().join('\n')).not.toContain('subagent');
  });

  it('says how a turn ended when it did not simply finish', () => {
    const { renderer, screen } = setup();
    renderer.handle({ type: 'tool_start', activity: activity('1', 'run_shell'), title: '$ sleep' });
    renderer.handle({ type: 'turn_end', reason: 'interrupted' });
    expect(screen()).toEqual([
      '■ Interrupted $ sleep',
      '■ Interrupted. Tell the agent what to do instead.',
    ]);
    renderer.handle({ type: 'turn_end', reason: 'error', error: 'Set OPENAI_API_KEY' });
    expect(screen().at(-1)).toBe('✗ Set OPENAI_API_KEY');
  });

  it('says how to go on after the iteration limit: the loop leaves that to the front end', () => {
    const { renderer, screen } = setup();
    const error = 'Stopped after 1 model call in one turn (the iteration limit).';
    renderer.handle({ type: 'turn_end', reason: 'max_iterations', error });
    expect(screen().join(' ').replace(/\s+/g, ' ')).toBe(
      `✗ ${error} Send a message to let it continue.`,
    );
  });

  it("draws each call's status line as a replay of the session draws it", () => {
    const { renderer, transcript, recorded } = setup({ timesCommands: false });
    const calls = [
      activity('1', 'read_file'),
      activity('2', 'run_shell'),
      activity('3', 'edit_file'),
      activity('4', 'run_shell'),
    ];
    const titles = new Map(calls.map((call) => [call.id, `${call.name} ${call.id}`]));
    renderer.handle(asked(...calls));
    for (const call of calls) {
      renderer.handle({ type: 'tool_start', activity: call, title: titles.get(call.id)! });
    }
    const end = (call: ToolActivity, status: ToolActivity['status'], summary: string) =>
      renderer.handle({
        type: 'tool_end',
        activity: { ...call, status, summary },
        result: { output: `out\n\n[exit code 1]` },
      });
    end(calls[0]!, 'ok', 'read 4 lines');
    end(calls[1]!, 'error', '$ npm test: exit code 1');
    end(calls[2]!, 'denied', 'denied by a rule');
    // The fourth never ends: the turn is interrupted with it running.
    renderer.handle({ type: 'turn_end', reason: 'interrupted' });
    const lines = (segments: readonly Segment[]) =>
      segments.flatMap((segment) =>
        segment.kind === 'tool'
          ? [[segment.id, segment.title, segment.state, segment.summary ?? '', segment.outcome]]
          : [],
      );
    const replayed = replaySegments(recorded, [], [], (call) => titles.get(call.id)!);
    expect(lines(transcript.segments)).toEqual(lines(replayed));
    expect(lines(replayed).map((line) => line[2])).toEqual([
      'ok',
      'error',
      'denied',
      'interrupted',
    ]);
  });
});
