/**
 * Model and tool text is data: terminal control sequences (CSI, OSC, DCS, single ESC
 * commands), C0/C1 control characters and bidi overrides are removed, so a hostile string
 * cannot recolour, move the cursor, retitle the terminal or reorder what is shown. Newlines
 * are kept, CRLF and lone CR become newlines, tabs become spaces.
 */
const ESCAPE_SEQUENCE =
  /\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|[ -/]*[0-~]?)/g;
const C1_CSI = /\x9b[0-?]*[ -/]*[@-~]?/g;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
const ANY_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

export function stripTerminalControls(text: string): string {
  if (!ANY_CONTROL.test(text)) return text;
  return text
    .replace(ESCAPE_SEQUENCE, '')
    .replace(C1_CSI, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .replace(CONTROL, '');
}
