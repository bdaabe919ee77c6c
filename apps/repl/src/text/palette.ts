import type { SpanStyle } from './line';

/** How a style looks: a basic ANSI colour (0-15) for the text, bold, inverse. */
export interface Look {
  fg?: number;
  bg?: number;
  bold?: boolean;
  underline?: boolean;
  inverse?: boolean;
}

const GRAY = 8;
const RED = 1;
const GREEN = 2;
const YELLOW = 3;
const BLUE = 4;
const MAGENTA = 5;
const CYAN = 6;
const BLACK = 0;

/** The one table of what each style looks like, for the screen and for what is printed on exit. */
export const PALETTE: Record<SpanStyle, Look> = {
  plain: {},
  bold: { bold: true },
  dim: { fg: GRAY },
  code: { fg: CYAN },
  heading: { fg: MAGENTA, bold: true },
  user: { fg: BLUE, bold: true },
  accent: { fg: YELLOW },
  ok: { fg: GREEN },
  error: { fg: RED },
  warn: { fg: YELLOW },
  added: { fg: GREEN },
  removed: { fg: RED },
  selected: { inverse: true },
  emphasis: { underline: true },
  link: { fg: BLUE, underline: true },
  'link-url': { fg: BLUE },
  keyword: { fg: MAGENTA },
  type: { fg: YELLOW },
  number: { fg: YELLOW },
  string: { fg: GREEN },
  control: { fg: BLACK, bg: YELLOW },
};

/** The SGR sequence that turns a style on (empty for plain text). */
export function sgr(style: SpanStyle | undefined): string {
  const look = PALETTE[style ?? 'plain'];
  const codes: number[] = [];
  if (look.bold) codes.push(1);
  if (look.underline) codes.push(4);
  if (look.inverse) codes.push(7);
  if (look.fg !== undefined) codes.push(look.fg < 8 ? 30 + look.fg : 90 + look.fg - 8);
  if (look.bg !== undefined) codes.push(look.bg < 8 ? 40 + look.bg : 100 + look.bg - 8);
  return codes.length > 0 ? `\x1b[${codes.join(';')}m` : '';
}
