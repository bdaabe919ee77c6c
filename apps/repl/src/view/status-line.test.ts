import { formatElapsed, formatWindow, statusText, type StatusInfo } from './status-line';
import { stringWidth } from '../text/width';
import { TurnStats } from '../app/turn-stats';

const idle: StatusInfo = {
  provider: 'anthropic',
  model: 'claude-sonnet-4-5',
  usedTokens: 12_345,
  fraction: 0.06,
  sessionId: '2026-12-01T00-36-50-fa18',
  mode: 'ready',
};

const FIELDS = [
  'anthropic/claude-sonnet-4-5',
  'ctx 12.3k (6%)',
  'ready',
  'session 2026-12-01T00-36-50-fa18',
];

describe('the status line', () => {
  it('names the mode, dropped after the session and context as it narrows', () => {
    const status = { ...idle, agentMode: 'accept edits' };
    expect(statusText(status, 200)).toBe(
      ` ${[...FIELDS.slice(0, 3), 'accept edits mode', 'shift+tab', FIELDS[3]].join(' · ')}`,
    );
    expect(statusText(status, 40)).toContain('accept edits mode');
  });

  it("cuts a card's long hint after a whole word rather than drop the mode beside it", () => {
    const hint =
      'plan card · ↑↓ select · Enter chooses · Ctrl+G edits · PgUp/PgDn scroll · Esc sends it back';
    const status = { ...idle, mode: hint, agentMode: 'accept edits' };
    const line = statusText(status, 80);
    expect(line).toMatch(/^ plan card · .*… · accept edits mode$/);
    expect(stringWidth(line)).toBeLessThanOrEqual(80);
    // With no room left for a useful part of the hint, the mode goes, as before.
    expect(statusText(status, 30)).not.toContain('accept edits mode');
  });

  it('leaves the window out of ctx before it drops the model', () => {
    const status = { ...idle, window: 200_000 };
    expect(statusText(status, 200)).toContain('ctx 12.3k (6% of 200k)');
    // Too narrow for all: the session goes first, then the window's size, and the model stays.
    expect(statusText(status, 60)).toBe(' anthropic/claude-sonnet-4-5 · ctx 12.3k (6%) · ready');
  });

  it("shows the context used against the session's resolved window", () => {
    const local = { ...idle, usedTokens: 3360, fraction: 0.41, window: 8192 };
    expect(statusText(local, 200)).toContain('ctx 3.4k (41% of 8k)');
    expect(
      ['8192', '32768', '128000', '131072', '1047576', '100500'].map((n) =>
        formatWindow(Number(n)),
      ),
    ).toEqual(['8k', '32k', '128k', '128k', '1.05M', '100.5k']);
  });

  it('shows every field when there is room', () => {
    expect(statusText(idle, 200)).toBe(` ${FIELDS.join(' · ')}`);
  });

  it('drops whole fields as it narrows (session, model, context), never cutting a word', () => {
    for (let width = 6; width <= 100; width++) {
      const text = statusText(idle, width);
      expect(stringWidth(text)).toBeLessThanOrEqual(width);
      const parts = text.trim().split(' · ');
      if (text.endsWith('…')) {
        expect(parts).toHaveLength(1);
        continue;
      }
      for (const part of parts) expect(FIELDS).toContain(part);
      expect(parts).toContain('ready');
    }
    expect(statusText(idle, 60)).toBe(' anthropic/claude-sonnet-4-5 · ctx 12.3k (6%) · ready');
    expect(statusText(idle, 40)).toBe(' ctx 12.3k (6%) · ready');
    expect(statusText({ ...idle, mode: 'answering questions · Esc cancels' }, 20)).toBe(
      ' answering…',
    );
  });

  it('shows a spinner, the elapsed time and the tokens streamed while a turn runs', () => {
    const busy: StatusInfo = {
      ...idle,
      mode: 'working · Esc stop · Ctrl+C interrupt',
      activity: { elapsedMs: 65_000, tokens: 1234 },
      frame: 1,
    };
    expect(statusText(busy, 200)).toBe(
      ' anthropic/claude-sonnet-4-5 · ctx 12.3k (6%) · ⠙ working 1m 05s · ↓ 1.2k tokens · Esc stop · Ctrl+C interrupt · session 2026-12-01T00-36-50-fa18',
    );
    expect(statusText(busy, 50)).toBe(' ⠙ working 1m 05s · Esc stop · Ctrl+C interrupt');
    expect(statusText({ ...busy, notice: 'Press Ctrl+C again to quit' }, 200)).toContain(
      '· Press Ctrl+C again to quit ·',
    );
  });

  it('keeps how to interrupt a running turn the longest, over every other field and a notice', () => {
    const busy: StatusInfo = {
      ...idle,
      agentMode: 'accept edits',
      sandbox: 'sandboxed',
      mode: 'working · Esc or Ctrl+C interrupts',
      activity: { elapsedMs: 65_000, tokens: 1234 },
    };
    for (const width of [26, 30, 40, 60, 80, 100]) {
      expect(statusText(busy, width)).toContain('Esc or Ctrl+C interrupts');
      expect(statusText({ ...busy, notice: 'Copied' }, width)).toContain(
        'Esc or Ctrl+C interrupts',
      );
    }
    expect(statusText(busy, 80)).toBe(
      ' ⠋ working 1m 05s · ↓ 1.2k tokens · Esc or Ctrl+C interrupts · accept edits mode',
    );
  });

  it('formats elapsed time', () => {
    expect(formatElapsed(7_900)).toBe('7s');
    expect(formatElapsed(3_723_000)).toBe('1h 02m');
  });
});

describe('TurnStats', () => {
  it('estimates streamed tokens until the provider counts them, per model call', () => {
    let now = 1000;
    const stats = new TurnStats(() => now);
    stats.start();
    stats.handle({ type: 'text_delta', text: 'x'.repeat(40) });
    expect(stats.info()).toEqual({ elapsedMs: 0, tokens: 10 });
    stats.handle({ type: 'usage', usage: { inputTokens: 500, outputTokens: 25 } });
    now = 4500;
    expect(stats.info()).toEqual({ elapsedMs: 3500, tokens: 25 });
    stats.handle({
      type: 'assistant_message',
      message: { role: 'assistant', text: '', toolCalls: [] } as never,
    });
    stats.handle({ type: 'text_delta', text: 'y'.repeat(8) });
    expect(stats.info().tokens).toBe(27);
    stats.start();
    expect(stats.info()).toEqual({ elapsedMs: 0, tokens: 0 });
  });
});
