import type { SessionInfo } from '@agent/session';
import { formatAge, sessionLine } from './session-list';

const now = new Date('2026-11-30T12:00:00Z');

const info = (extra: Partial<SessionInfo> = {}): SessionInfo => ({
  id: '2026-11-30T11-55-00-ab12',
  path: '/x',
  size: 4300,
  updatedAt: new Date('2026-11-30T11:55:00Z'),
  ...extra,
});

describe('/sessions lines', () => {
  it('show id, age, first prompt, provider/model and size on one line', () => {
    expect(
      sessionLine(
        info({ firstPrompt: 'fix the tests', provider: 'anthropic', model: 'claude-sonnet-4-5' }),
        now,
      ),
    ).toBe(
      '  2026-11-30T11-55-00-ab12  5m ago  fix the tests  · anthropic/claude-sonnet-4-5 · 4.2 KB',
    );
  });

  it('cut long prompts, mark the current session and survive missing fields', () => {
    const line = sessionLine(
      info({ firstPrompt: 'word '.repeat(30), size: 800 }),
      now,
      '2026-11-30T11-55-00-ab12',
    );
    expect(line).toContain('word word word word word word word word…  ·');
    expect(line).toMatch(/· unknown model · 800 B \(current\)$/);
  });

  it('cut a prompt of wide characters and emoji sequences between whole clusters', () => {
    const family = '👨‍👩‍👧';
    const line = sessionLine(info({ firstPrompt: `${'x'.repeat(38)}${family} trip` }), now);
    expect(line).toContain(`${'x'.repeat(38)}…  ·`);
    const cjk = sessionLine(info({ firstPrompt: '日本語'.repeat(10) }), now);
    expect(cjk).toContain(`${'日本語'.repeat(6)}日…  ·`);
  });

  it('ages read naturally', () => {
    expect(formatAge(new Date('2026-11-30T11:59:30Z'), now)).toBe('30s ago');
    expect(formatAge(new Date('2026-11-30T09:00:00Z'), now)).toBe('3h ago');
    expect(formatAge(new Date('2026-11-28T12:00:00Z'), now)).toBe('2d ago');
    expect(formatAge(new Date('2026-01-02T12:00:00Z'), now)).toBe('2026-01-02');
  });
});
