import { lineText, lineWidth } from '../text/line';
import { PermissionCard } from './permission-card';

const request = {
  toolCallId: 'c1',
  toolName: 'edit_file',
  permission: 'edit' as const,
  title: 'edit src/a.ts',
  input: {},
};

describe('PermissionCard', () => {
  it('approves once on a bare Enter', () => {
    const card = new PermissionCard(request);
    expect(card.handleKey({ name: 'enter' })).toEqual({
      type: 'decided',
      decision: { kind: 'allow' },
    });
  });

  it('selects with Up/Down and first letters', () => {
    const card = new PermissionCard(request);
    card.handleKey({ name: 'down' });
    expect(card.option).toBe('always');
    card.handleKey({ name: 'up' });
    card.handleKey({ name: 'up' });
    expect(card.option).toBe('deny');
    card.handleKey({ name: 'down' });
    expect(card.option).toBe('once');
    card.handleKey({ name: 'n', ch: 'n' });
    expect(card.option).toBe('deny');
    card.handleKey({ name: 'down' });
    card.handleKey({ name: 'a', ch: 'a' });
    expect(card.handleKey({ name: 'enter' })).toEqual({
      type: 'decided',
      decision: { kind: 'allow', always: true, rule: 'edit_file', scope: 'session' },
    });
  });

  it('offers "always" for the suggested rule, for the session, the workspace or the user', () => {
    const command = {
      toolCallId: 'c2',
      toolName: 'run_shell',
      permission: 'exec' as const,
      title: '$ npm test -- --watch',
      input: { command: 'npm test -- --watch' },
      subject: 'npm test -- --watch',
      subjectKind: 'command' as const,
    };
    const card = new PermissionCard(command);
    const text = card.render(80).map(lineText).join('\n');
    expect(text).toContain('a) Always allow run_shell(npm test) for this session');
    expect(text).toContain('w) Always allow run_shell(npm test) in this workspace (saved)');
    expect(text).toContain('u) Always allow run_shell(npm test) everywhere (your settings)');
    card.handleKey({ name: 'w', ch: 'w' });
    expect(card.handleKey({ name: 'enter' })).toEqual({
      type: 'decided',
      decision: { kind: 'allow', always: true, rule: 'run_shell(npm test)', scope: 'workspace' },
    });
  });

  it('carries a typed reason with a denial', () => {
    const card = new PermissionCard(request);
    card.handleKey({ name: 'n', ch: 'n' });
    for (const ch of 'not now') card.handleKey({ name: ch, ch });
    card.handleKey({ name: 'backspace' });
    expect(card.handleKey({ name: 'enter' })).toEqual({
      type: 'decided',
      decision: { kind: 'deny', reason: 'not no' },
    });
  });

  it('denies on Esc and ignores keys once decided', () => {
    const card = new PermissionCard(request);
    expect(card.handleKey({ name: 'escape' })).toEqual({
      type: 'decided',
      decision: { kind: 'deny' },
    });
    expect(card.handleKey({ name: 'enter' })).toEqual({ type: 'ignored' });
  });

  it('collapses to one line once answered or interrupted', () => {
    const card = new PermissionCard(request);
    card.interrupt();
    expect(card.render(60).map(lineText)).toEqual([
      '■ Interrupted before an answer: edit_file: edit src/a.ts',
    ]);
    expect(card.handleKey({ name: 'enter' })).toEqual({ type: 'ignored' });
  });

  it('renders within the width, and a hostile title cannot fake a card', () => {
    const card = new PermissionCard({ ...request, title: '\x1b[2J\x1b[Hfake {bold}╭──╮' });
    const rows = card.render(40);
    expect(rows.every((row) => lineWidth(row) === 40)).toBe(true);
    const all = rows.map(lineText).join('\n');
    expect(all).toContain('❯ y) Yes, allow once');
    expect(all).not.toContain('\x1b');
  });
});
