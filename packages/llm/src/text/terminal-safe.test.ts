import fc from 'fast-check';
import { stripTerminalControls, TerminalTextFilter } from './terminal-safe';

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

describe('TerminalTextFilter', () => {
  const hostile =
    'ok \x1b]52;c;SGVsbG8=\x07 clip \x1b[2J\x1b[H clear \x1bPq#0;2;0;0;0\x1b\\ dcs \x9b31m c1 \x9d0;t\x9c osc8 \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ done\r\n';

  it('drops a sequence cut at any point between chunks, leaking no fragment', () => {
    const whole = stripTerminalControls(hostile);
    expect(whole).toBe('ok  clip  clear  dcs  c1  osc8 link done\n');
    for (let cut = 0; cut <= hostile.length; cut++) {
      const filter = new TerminalTextFilter();
      const out =
        filter.push(hostile.slice(0, cut)) + filter.push(hostile.slice(cut)) + filter.end();
      expect(out).toBe(whole);
    }
  });

  it('joins a CRLF split across chunks into one newline', () => {
    const filter = new TerminalTextFilter();
    expect(filter.push('a\r') + filter.push('\nb')).toBe('a\nb');
  });

  it('gives the same text however the input is chunked, and never lets a control through', () => {
    const chars = fc.constantFrom(
      '\x1b',
      '[',
      ']',
      '\x07',
      '\\',
      'P',
      '_',
      '\x9b',
      '\x9d',
      '\x9c',
      '\r',
      '\n',
      '\t',
      ';',
      '2',
      'J',
      'a',
      'é',
      '日',
      '\u202e',
      '\x00',
      '\x7f',
      ' ',
    );
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 60 }).map((parts) => parts.join('')),
        fc.array(fc.nat(60), { maxLength: 6 }),
        (text, cuts) => {
          const points = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort(
            (a, b) => a - b,
          );
          const filter = new TerminalTextFilter();
          let out = '';
          let from = 0;
          for (const point of points) {
            out += filter.push(text.slice(from, point));
            from = point;
          }
          out += filter.push(text.slice(from)) + filter.end();
          expect(out).toBe(stripTerminalControls(text));
          expect(out).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e]/);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
