import { approvalChoices } from '@agent/tools/permission-rules';
import fc from 'fast-check';
import type { PermissionRequest } from '@agent/tools';
import { decodeShown } from '../../test/support/decode-shown';
import { lineText, lineWidth, type Line } from '../text/line';
import { renderSegment } from '../view/render-segment';
import { PermissionCard } from './permission-card';

const cardFor = (request: PermissionRequest) =>
  new PermissionCard(request, approvalChoices(request));

function shellRequest(command: string): PermissionRequest {
  return {
    toolCallId: 'c1',
    toolName: 'run_shell',
    permission: 'exec',
    title: `$ ${command}`,
    input: { command },
  };
}

/** The rows of a card's title block: between the header row and the first option. */
function titleRows(card: Line[]): Line[] {
  const end = card.findIndex((row) => /[❯ ] y\) Yes/.test(lineText(row)));
  return card.slice(2, end);
}

const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

describe('the permission card shows exactly what runs', () => {
  // The probe: an OSC sequence holding newlines hid a second command behind `echo hello`.
  const hidden = 'echo hello\x1b]0;\ntouch MARKER\n\x07';

  it('shows every line of a command and its escape characters as notation', () => {
    const card = cardFor(shellRequest(hidden)).render(60);
    const text = card.map(lineText).join('\n');
    expect(text).toContain('touch MARKER');
    expect(text).toContain('echo hello\\x1b]0;');
    expect(text).toContain('\\x07');
    expect(decodeShown(titleRows(card), 'bold')).toBe(`$ ${hidden}`);
    expect(card.every((row) => row.every((span) => !RAW_CONTROL.test(span.text)))).toBe(true);
    expect(card.every((row) => lineWidth(row) === 60)).toBe(true);
  });

  it('shows a long command whole, wrapped, never cut', () => {
    const long = `printf '%s' ${'abcdefghij'.repeat(30)} && rm -rf build`;
    const card = cardFor(shellRequest(long)).render(50);
    expect(decodeShown(titleRows(card), 'bold')).toBe(`$ ${long}`);
    expect(card.map(lineText).join('\n')).not.toContain('…');
  });

  it('shows hidden characters of a path in the title of an edit card', () => {
    const card = cardFor({
      toolCallId: 'c2',
      toolName: 'write_file',
      permission: 'edit',
      title: 'write evil\x1b]0;T\x07.txt (1 line)',
      input: {},
    }).render(60);
    expect(card.map(lineText).join('\n')).toContain('write evil\\x1b]0;T\\x07.txt (1 line)');
  });

  it('shows the same in the transcript, on the answered card and on the tool line', () => {
    const answered = cardFor(shellRequest(hidden));
    answered.handleKey({ name: 'enter' });
    expect(decodeShown(answered.render(60), 'bold')).toBe(`$ ${hidden}`);
    const line = renderSegment(
      { kind: 'tool', id: 'c1', name: 'run_shell', title: `$ ${hidden}`, state: 'ok' },
      60,
    );
    expect(line.map(lineText).join('\n')).toContain('touch MARKER');
    expect(decodeShown(line, 'bold')).toBe(`$ ${hidden}`);
  });

  it('round-trips any command through the card and the tool line (fuzz)', () => {
    const tricky = fc.constantFrom(
      '\x1b',
      ']',
      '[',
      '\x07',
      '\n',
      '\r',
      '\t',
      '\x00',
      '\x9b',
      '\u202e',
      '\u200b',
      '\ud800',
      ' ',
      '  ',
      'a',
      'touch M',
      '日本',
      '🙂',
      'e\u0301',
      '{bold}',
      '│',
      '1 │ ',
    );
    const command = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.array(tricky, { maxLength: 40 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(command, fc.integer({ min: 20, max: 120 }), (cmd, width) => {
        const card = cardFor(shellRequest(cmd)).render(width);
        expect(decodeShown(titleRows(card), 'bold')).toBe(`$ ${cmd}`);
        expect(card.every((row) => lineWidth(row) === width)).toBe(true);
        const line = renderSegment(
          { kind: 'tool', id: 'c1', name: 'run_shell', title: `$ ${cmd}`, state: 'running' },
          width,
        );
        expect(decodeShown(line, 'bold')).toBe(`$ ${cmd}`);
        for (const row of [...card, ...line]) {
          for (const span of row) expect(span.text).not.toMatch(RAW_CONTROL);
        }
      }),
      { numRuns: 400 },
    );
  });
});
