import { PasteFilter } from './paste-filter';

function run(chunks: string[]) {
  const events: string[] = [];
  const filter = new PasteFilter(
    (keys) => events.push(`keys:${JSON.stringify(keys)}`),
    (text) => events.push(`paste:${JSON.stringify(text)}`),
  );
  for (const chunk of chunks) filter.push(chunk);
  return events;
}

describe('PasteFilter', () => {
  it('reports a bracketed paste whole, with its newlines, apart from typed keys', () => {
    expect(run(['ab\x1b[200~line1\rline2\n\x1b[201~c'])).toEqual([
      'keys:"ab"',
      'paste:"line1\\rline2\\n"',
      'keys:"c"',
    ]);
  });

  it('reassembles markers and bodies split across chunks', () => {
    expect(run(['x\x1b[20', '0~one\n', 'two\x1b[2', '01~'])).toEqual([
      'keys:"x"',
      'paste:"one\\ntwo"',
    ]);
  });

  it('passes a lone Escape through at once', () => {
    expect(run(['\x1b'])).toEqual(['keys:"\\u001b"']);
  });

  it('turns Shift+Enter sequences into a linefeed', () => {
    expect(run(['a\x1b[13;2ub\x1b[27;2;13~'])).toEqual(['keys:"a\\nb\\n"']);
  });

  it('turns Alt+Enter (ESC CR, ESC LF) into a linefeed', () => {
    expect(run(['alpha\x1b\rbeta\x1b\n'])).toEqual(['keys:"alpha\\nbeta\\n"']);
  });

  it('leaves Escape before any other key as it came', () => {
    expect(run(['\x1bx\x1b\x1b[A\x1b[13~\x1b'])).toEqual([
      'keys:"\\u001bx\\u001b\\u001b[A\\u001b[13~\\u001b"',
    ]);
  });
});
