import type { ToolActivity } from '@agent/llm';
import { lineText } from '../text/line';
import { Transcript } from '../view/transcript';
import { TranscriptView } from '../view/transcript-view';
import { TurnRenderer } from './turn-renderer';

const activity = (id: string, name: string, extra: Partial<ToolActivity> = {}): ToolActivity => ({
  id,
  name,
  input: {},
  status: 'pending',
  summary: '',
  ...extra,
});

function setup(hidden: string[] = []) {
  const transcript = new Transcript();
  const renderer = new TurnRenderer(transcript, {
    isHidden: (name) => hidden.includes(name),
    showsOutput: (name) => name === 'run_shell',
  });
  const screen = () => new TranscriptView(transcript).render(60, 40).map(lineText);
  return { transcript, renderer, screen };
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
    const { renderer, screen } = setup(['ask_user']);
    renderer.handle({ type: 'tool_start', activity: activity('1', 'ask_user'), title: 'ask' });
    renderer.handle({
      type: 'tool_end',
      activity: activity('1', 'ask_user', { status: 'ok', summary: 'answered' }),
      result: { output: '{}' },
    });
    expect(screen()).toEqual([]);
  });

  it('shows an error line when an interactive tool fails (invalid input, budget, concurrency)', () => {
    const { renderer, screen } = setup(['ask_user']);
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
});
