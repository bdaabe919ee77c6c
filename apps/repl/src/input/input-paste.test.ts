import { InputState } from './input-state';
import type { Key } from './key';

const k = (name: string): Key => ({ name, full: name });
const type = (input: InputState, text: string) => {
  for (const ch of text) input.handleKey({ ch, name: ch });
};
const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n');

describe('large pastes in the prompt editor', () => {
  it('show as a placeholder, are edited around and sent whole', () => {
    const input = new InputState();
    type(input, 'see ');
    input.paste(`${lines(60)}\n`);
    expect(input.text).toBe('see [Pasted text #1 +60 lines]');
    type(input, ' and ');
    input.paste('x'.repeat(1500));
    expect(input.text).toBe('see [Pasted text #1 +60 lines] and [Pasted text #2 1500 chars]');
    input.paste('small\npaste');
    expect(input.text).toContain('[Pasted text #2 1500 chars]small\npaste');
    const sent = input.handleKey(k('enter'));
    expect(sent).toEqual({
      type: 'submit',
      text: `see ${lines(60)}\n and ${'x'.repeat(1500)}small\npaste`,
      display: 'see [Pasted text #1 +60 lines] and [Pasted text #2 1500 chars]small\npaste',
    });
    input.paste(lines(11));
    expect(input.text).toBe('[Pasted text #1 +11 lines]');
  });

  it('moves over a placeholder and deletes it as a unit with Backspace, Delete and Ctrl+W', () => {
    const input = new InputState();
    input.paste(lines(20));
    type(input, '!');
    const label = '[Pasted text #1 +20 lines]';
    input.handleKey(k('left'));
    input.handleKey(k('left'));
    expect(input.cursor).toBe(0);
    input.handleKey(k('right'));
    expect(input.cursor).toBe(label.length);
    type(input, 'x');
    expect(input.text).toBe(`${label}x!`);
    input.handleKey(k('backspace'));
    input.handleKey(k('backspace'));
    expect(input.text).toBe('!');
    input.paste(lines(20));
    input.handleKey(k('home'));
    input.handleKey(k('delete'));
    expect(input.text).toBe('!');
    input.handleKey(k('end'));
    input.paste(lines(30));
    input.handleKey(k('C-w'));
    expect(input.text).toBe('!');
    expect(input.handleKey(k('enter'))).toEqual({ type: 'submit', text: '!' });
  });

  it('recalls a prompt with a large paste as its placeholder, which still sends the paste', () => {
    const input = new InputState();
    type(input, 'see ');
    input.paste(lines(2000));
    expect(input.handleKey(k('enter'))).toMatchObject({ text: `see ${lines(2000)}` });
    input.paste(lines(60));
    type(input, ' draft');
    input.handleKey(k('up'));
    expect(input.text).toBe('see [Pasted text #1 +2000 lines]');
    input.handleKey(k('down'));
    expect(input.text).toBe('[Pasted text #1 +60 lines] draft');
    input.handleKey(k('up'));
    input.paste(lines(30));
    expect(input.text).toBe('see [Pasted text #1 +2000 lines][Pasted text #2 +30 lines]');
    expect(input.handleKey(k('enter'))).toEqual({
      type: 'submit',
      text: `see ${lines(2000)}${lines(30)}`,
      display: 'see [Pasted text #1 +2000 lines][Pasted text #2 +30 lines]',
    });
    input.handleKey(k('up'));
    input.handleKey(k('up'));
    expect(input.handleKey(k('enter'))).toEqual({
      type: 'submit',
      text: `see ${lines(2000)}`,
      display: 'see [Pasted text #1 +2000 lines]',
    });
  });
});
