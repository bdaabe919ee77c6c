import { stripTerminalControls } from './terminal-safe';

describe('stripTerminalControls', () => {
  it.each([
    ['\x1b[2J\x1b[31mred\x1b[0m', 'red'],
    ['title\x1b]0;pwned\x07 after', 'title after'],
    ['a\x1bPdcs payload\x1b\\b', 'ab'],
    ['c1\x9b2Jcsi', 'c1csi'],
    ['line\r\nnext\rlast', 'line\nnext\nlast'],
    ['tab\there', 'tab    here'],
    ['bidi \u202eevil\u202c', 'bidi evil'],
    ['bell\x07 and nul\x00', 'bell and nul'],
  ])('%j -> %j', (input, expected) => {
    expect(stripTerminalControls(input)).toBe(expected);
  });

  it('leaves ordinary text, braces and unicode untouched', () => {
    const text = 'plain {red-fg} text — ünïcode 日本語 🙂\n';
    expect(stripTerminalControls(text)).toBe(text);
  });
});
