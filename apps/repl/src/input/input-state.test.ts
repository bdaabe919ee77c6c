import { InputState } from './input-state';
import type { Key } from './key';

const k = (name: string, extra: Partial<Key> = {}): Key => ({ name, full: name, ...extra });
const type = (input: InputState, text: string) => {
  for (const ch of text) input.handleKey({ ch, name: ch });
};

describe('InputState', () => {
  it('submits on Enter and clears the prompt', () => {
    const input = new InputState();
    type(input, 'hello');
    expect(input.handleKey(k('enter'))).toEqual({ type: 'submit', text: 'hello' });
    expect(input.text).toBe('');
  });

  it('inserts a newline for Shift+Enter, Alt+Enter and Ctrl+J instead of submitting', () => {
    const input = new InputState();
    type(input, 'a');
    expect(input.handleKey(k('enter', { shift: true })).type).toBe('changed');
    type(input, 'b');
    input.handleKey({ name: 'linefeed', full: 'linefeed' });
    type(input, 'c');
    input.handleKey(k('return', { meta: true }));
    expect(input.text).toBe('a\nb\nc\n');
  });

  it('never submits pasted newlines', () => {
    const input = new InputState();
    expect(input.paste('line 1\r\nline 2\n').type).toBe('changed');
    expect(input.text).toBe('line 1\nline 2\n');
  });

  it('keeps terminal control sequences out of pasted text', () => {
    const input = new InputState();
    input.paste('a\x1b[31mred\x1b[0m\tb\x07');
    expect(input.text).toBe('ared    b');
  });

  it('does not submit a blank prompt', () => {
    const input = new InputState();
    type(input, '   ');
    expect(input.handleKey(k('enter')).type).toBe('ignored');
  });

  it('recalls history with Up/Down and restores the draft', () => {
    const input = new InputState();
    type(input, 'one');
    input.handleKey(k('enter'));
    type(input, 'two');
    input.handleKey(k('enter'));
    type(input, 'dra');
    input.handleKey(k('up'));
    expect(input.text).toBe('two');
    input.handleKey(k('up'));
    expect(input.text).toBe('one');
    input.handleKey(k('down'));
    input.handleKey(k('down'));
    expect(input.text).toBe('dra');
  });

  it("recalls a resumed session's prompts before those typed here", () => {
    const input = new InputState();
    input.seedHistory(['old one', 'old two']);
    type(input, 'new');
    input.handleKey(k('enter'));
    input.handleKey(k('up'));
    input.handleKey(k('up'));
    expect(input.text).toBe('old two');
  });

  it('moves between lines of a multi-line prompt before recalling history', () => {
    const input = new InputState();
    type(input, 'old');
    input.handleKey(k('enter'));
    input.paste('abc\nde');
    input.handleKey(k('up'));
    expect(input.cursor).toBe(2);
    input.handleKey(k('up'));
    expect(input.text).toBe('old');
  });

  it('edits at the cursor: left, backspace, Ctrl+W, Ctrl+U', () => {
    const input = new InputState();
    type(input, 'helo world');
    for (let i = 0; i < 7; i++) input.handleKey(k('left'));
    type(input, 'l');
    expect(input.text).toBe('hello world');
    input.handleKey({ name: 'e', ctrl: true, full: 'C-e' });
    input.handleKey({ name: 'w', ctrl: true, full: 'C-w' });
    expect(input.text).toBe('hello ');
    input.handleKey(k('backspace'));
    input.handleKey({ name: 'u', ctrl: true, full: 'C-u' });
    expect(input.text).toBe('');
  });

  it('moves and deletes by words: Ctrl/Alt+Left/Right, Alt+B/F, Alt+D', () => {
    const input = new InputState();
    type(input, 'run  the 日本 tests');
    const key = (full: string) => input.handleKey({ name: full.split('-')[1]!, full });
    key('C-left');
    expect(input.cursor).toBe('run  the 日本 '.length);
    key('M-b');
    key('M-left');
    expect(input.cursor).toBe('run  '.length);
    key('M-b');
    key('M-b');
    expect(input.cursor).toBe(0);
    key('M-f');
    expect(input.cursor).toBe('run'.length);
    key('C-right');
    key('M-right');
    expect(input.cursor).toBe('run  the 日本'.length);
    key('M-d');
    expect(input.text).toBe('run  the 日本');
    key('C-a');
    key('M-d');
    expect(input.text).toBe('  the 日本');
  });

  it('lays out wrapped rows and the cursor position', () => {
    const input = new InputState();
    input.paste('abcdef\ngh');
    expect(input.layout(4)).toEqual({
      rows: ['abcd', 'ef', 'gh'],
      cursorRow: 2,
      cursorCol: 2,
      starts: [0, 4, 7],
    });
  });

  it('moves between the rows of a wrapped line as drawn, and recalls history only past them', () => {
    const input = new InputState();
    type(input, 'old');
    input.handleKey(k('enter'));
    input.paste('abcdefghij');
    input.layout(4);
    input.handleKey(k('up'));
    expect(input.cursor).toBe(6);
    input.handleKey(k('up'));
    expect(input.cursor).toBe(2);
    input.handleKey(k('down'));
    input.handleKey(k('down'));
    expect(input.cursor).toBe(10);
    expect(input.handleKey(k('down')).type).toBe('ignored');
    input.handleKey(k('up'));
    input.handleKey(k('up'));
    expect(input.text).toBe('abcdefghij');
    input.handleKey(k('up'));
    expect(input.text).toBe('old');
  });

  it("passes a large paste's placeholder whole when it wraps over rows, and still reaches history", () => {
    const input = new InputState();
    type(input, 'old');
    input.handleKey(k('enter'));
    type(input, 'ab');
    input.paste(Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n'));
    type(input, ' more text');
    const label = '[Pasted text #1 +40 lines]';
    expect(input.text).toBe(`ab${label} more text`);
    input.layout(20);
    // Up from the end lands inside the placeholder: the caret stops at its start, then climbs on.
    input.handleKey(k('up'));
    expect(input.cursor).toBeLessThanOrEqual(2 + label.length);
    let presses = 0;
    while (input.text !== 'old' && presses++ < 10) input.handleKey(k('up'));
    expect(input.text).toBe('old');
  });

  it('word keys take a paste placeholder whole: Ctrl+W, Alt+D and Alt+B never cut into it', () => {
    const input = new InputState();
    const pasted = Array.from({ length: 15 }, (_, i) => `line ${i}`).join('\n');
    input.paste(pasted);
    expect(input.text).toBe('[Pasted text #1 +15 lines]');
    type(input, ' ');
    input.handleKey(k('C-w'));
    expect(input.text).toBe('');
    input.paste(pasted);
    type(input, ' tail');
    const second = '[Pasted text #2 +15 lines]';
    input.handleKey(k('M-b'));
    input.handleKey(k('M-b'));
    expect(input.cursor).toBe(0);
    input.handleKey(k('M-d'));
    expect(input.text).toBe(' tail');
    input.setText(`${second} tail`);
    input.handleKey(k('C-a'));
    input.handleKey(k('M-f'));
    expect(input.cursor).toBe(second.length);
  });

  it('keeps the caret on a shorter wrapped row, and crosses line breaks by drawn rows', () => {
    const input = new InputState();
    // At 5 cells: 'abcd' (the ideograph does not fit), '日efg', 'h', then 'xy' after the break.
    input.paste('abcd日efgh\nxy');
    input.layout(5);
    input.handleKey(k('up'));
    expect(input.cursor).toBe(9);
    // Column 1 is inside the ideograph: the caret goes after it.
    input.handleKey(k('up'));
    expect(input.cursor).toBe(5);
    input.handleKey(k('right'));
    input.handleKey(k('right'));
    expect(input.layout(5)).toMatchObject({ cursorRow: 1, cursorCol: 4 });
    // 'abcd' ends at column 4, where the next row starts: the caret stays on its last cluster.
    input.handleKey(k('up'));
    expect(input.layout(5)).toMatchObject({ cursorRow: 0, cursorCol: 3 });
  });
});
