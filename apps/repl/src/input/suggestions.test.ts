import { parseCommand } from './commands';
import { Suggestions } from './suggestions';

describe('Suggestions', () => {
  it('lists matching commands while the prompt is a lone /word', () => {
    const s = new Suggestions();
    s.update('/');
    expect(s.items.map((i) => i.name)).toContain('/quit');
    s.update('/co');
    expect(s.items.map((i) => i.name)).toEqual(['/compact', '/context', '/copy']);
    s.update('/compact now');
    expect(s.visible).toBe(false);
  });

  it('moves with Up/Down, runs with Enter, fills argument commands', () => {
    const s = new Suggestions();
    s.update('/co');
    expect(s.handleKey({ name: 'down' }, '/co')).toEqual({ type: 'moved' });
    expect(s.handleKey({ name: 'enter' }, '/co')).toEqual({ type: 'run', text: '/context' });
    s.update('/tool');
    expect(s.handleKey({ name: 'enter' }, '/tool')).toEqual({
      type: 'fill',
      text: '/tool-history ',
    });
  });

  it('scrolls a window of the list so every command can be reached', () => {
    const s = new Suggestions();
    s.update('/');
    const all = s.items.map((i) => i.name);
    expect(all.length).toBeGreaterThan(6);
    expect(s.window(6)).toEqual({ items: s.items.slice(0, 6), first: 0 });
    const seen = new Set<string>();
    for (let i = 0; i < all.length; i++) {
      const { items, first } = s.window(6);
      expect(items).toHaveLength(6);
      expect(s.selected - first).toBeGreaterThanOrEqual(0);
      expect(s.selected - first).toBeLessThan(6);
      seen.add(items[s.selected - first]!.name);
      s.handleKey({ name: 'down' }, '/');
    }
    expect([...seen]).toEqual(all);
    s.handleKey({ name: 'up' }, '/');
    expect(s.window(6).items.at(-1)!.name).toBe(all.at(-1));
    s.handleKey({ name: 'up' }, '/');
    expect(s.window(6).first).toBe(all.length - 6);
  });

  it('hides on Esc until the text changes', () => {
    const s = new Suggestions();
    s.update('/h');
    s.handleKey({ name: 'escape' }, '/h');
    s.update('/h');
    expect(s.visible).toBe(false);
    s.update('/he');
    expect(s.visible).toBe(true);
  });

  it('parses command arguments', () => {
    expect(parseCommand('/tool-history  off ')).toEqual({ name: '/tool-history', args: 'off' });
    expect(parseCommand('hello')).toBeUndefined();
  });
});
