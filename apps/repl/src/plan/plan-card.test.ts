import { lineText } from '../text/line';
import { PlanCard } from './plan-card';
import type { ToolActivity } from '@agent/llm';
import { TRANSCRIPT_CARDS } from '@agent/runtime';
import { callEntry } from '@agent/session';
import { replayPlan as replayEntry } from './plan-extension';

/** A saved call as its transcript entry, replayed. */
const replayPlan = (call: ToolActivity) =>
  replayEntry(callEntry(call, [], call.status !== 'pending', { cards: TRANSCRIPT_CARDS }));

const text = (lines: ReturnType<PlanCard['render']>) => lines.map(lineText).join('\n');

describe('PlanCard', () => {
  it('refuses to send an empty note, and Esc sends the plan back without one', () => {
    const card = new PlanCard('# Plan\n\n- one');
    card.handleKey({ name: 'up', full: 'up' });
    expect(card.handleKey({ name: 'enter', full: 'enter' })).toBe('changed');
    expect(text(card.render(60))).toContain('Type a note for the model first');
    expect(card.decided).toBeUndefined();
    expect(card.handleKey({ name: 'escape', full: 'escape' })).toBe('decided');
    expect(card.decided).toEqual({ decision: 'keep-planning', note: '' });
    expect(text(card.render(60))).toContain('↻ Plan sent back to keep planning · Plan (3 lines)');
  });

  it('decided on another front end, shows that decision, of the plan decided there, and takes no keys', () => {
    const card = new PlanCard('# Plan\n\n- one');
    card.replacePlan('# Edited here\n\n- two\n- three');
    card.handleKey({ name: 'a', ch: 'a', full: 'a' });
    card.decidedElsewhere({ decision: 'approve', mode: 'default' }, 'the web page');
    expect(card.decided).toEqual({ decision: 'approve', mode: 'default' });
    expect(card.interrupted).toBe(false);
    expect(text(card.render(100))).toBe(
      '✓ Plan approved · ask before each edit · Plan (3 lines) · answered on the web page',
    );
    expect(card.handleKey({ name: 'enter', full: 'enter' })).toBe('ignored');
  });

  it('says what Enter sends when the note is only an option number (digits type)', () => {
    const card = new PlanCard('# Plan');
    card.handleKey({ name: '2', ch: '2', full: '2' });
    expect(text(card.render(80))).toContain('Enter sends "2" as the note · ↑↓ picks option 2');
    card.handleKey({ name: 'x', ch: 'x', full: 'x' });
    expect(text(card.render(80))).not.toContain('Enter sends');
  });

  it('takes typed and pasted text as the note, whatever row is selected', () => {
    const card = new PlanCard('# Plan');
    card.handleKey({ name: 'a', ch: 'a', full: 'a' });
    card.paste('lso\ncover errors');
    card.handleKey({ name: 'enter', full: 'enter' });
    expect(card.decided).toEqual({ decision: 'keep-planning', note: 'also\ncover errors' });
  });

  it('fits its plan window to the screen and keeps the options in view at 40 columns', () => {
    const plan = ['# Long', ...Array.from({ length: 60 }, (_, i) => `- step ${i}`)].join('\n');
    const card = new PlanCard(plan);
    const rows = card.render(40, 16);
    expect(rows.length).toBeLessThanOrEqual(16);
    expect(rows.filter((row) => lineText(row).length > 40).map(lineText)).toEqual([]);
    expect(text(rows)).toContain('Approve, and accept edits');
    expect(card.scrollable).toBe(true);
  });
});

describe('replayPlan', () => {
  it('shows a saved decision as one summary, and an undecided call as interrupted', () => {
    const base = { id: 'p1', name: 'present_plan', input: { plan: '# Ship it' }, summary: '' };
    const approved = replayPlan({
      ...base,
      status: 'ok',
      retainedDetails: { decision: 'approve', mode: 'default' },
    });
    expect(text(approved!.render(60))).toBe(
      '✓ Plan approved · ask before each edit · Ship it (1 line)',
    );
    const open = replayPlan({ ...base, status: 'interrupted' });
    expect(text(open!.render(80))).toContain('■ Interrupted before a decision on the plan');
    expect(replayPlan({ ...base, name: 'read_file', status: 'ok' })).toBeUndefined();
  });
  it('fits a short screen: the plan window gives way to one row, the choices stay', () => {
    const plan = ['# Plan', ...Array.from({ length: 40 }, (_, i) => `- step ${i + 1}`)].join('\n');
    const card = new PlanCard(plan);
    for (const rows of [9, 10, 12, 16]) {
      const shown = card.render(60, rows).map(lineText);
      expect(shown.length).toBeLessThanOrEqual(rows);
      expect(shown.join('\n')).toContain('3) Keep planning');
      expect(shown.join('\n')).toContain('1) Approve, and accept edits');
    }
  });
});
