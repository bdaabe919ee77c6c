import { parseCommand } from './commands';
import { Suggestions } from './suggestions';

describe('Suggestions', () => {
  it('lists matching commands while the prompt is a lone /word', () => {
    const s = new Suggestions();
    s.update('/');
    expect(s.items.map((i) => i.name)).toContain('/quit');
    s.update('/co');
    expect(s.items.map((i) => i.name)).toEqual(['/compact', '/context']);
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
