import type { PageText } from './page-markdown';

/** Elements whose content is no text of the page. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe']);

/** Elements that start a new line of text. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tr',
  'ul',
]);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  bull: '•',
  times: '×',
  euro: '€',
};

/**
 * The text of an HTML page without a DOM: tags dropped, scripts and styles skipped, block
 * elements on lines of their own, common entities decoded. One pass over the input with
 * `indexOf` and sticky patterns, so its cost is linear in the page's size whatever its markup
 * (deep nesting, unclosed tags, a `<` with no `>`): the fallback when Readability cannot be
 * given the page or does not finish in time.
 */
export function htmlToPlainText(html: string): PageText {
  const out: string[] = [];
  let title = '';
  const tagName = /\/?([a-zA-Z][a-zA-Z0-9-]*)/y;
  // The next '>' at or after some position, kept so a run of bare '<' is not rescanned.
  let nextGt = -2;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out.push(html.slice(i));
      break;
    }
    out.push(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (nextGt !== -1 && nextGt <= lt) nextGt = html.indexOf('>', lt + 1);
    if (nextGt !== -1 && (html[lt + 1] === '!' || html[lt + 1] === '?')) {
      i = nextGt + 1; // a doctype, CDATA or processing instruction
      continue;
    }
    tagName.lastIndex = lt + 1;
    const match = nextGt === -1 ? null : tagName.exec(html);
    if (!match) {
      // Not a tag (`a < b`, or no '>' anywhere after it): the '<' is text.
      out.push('<');
      i = lt + 1;
      continue;
    }
    const name = match[1]!.toLowerCase();
    const closing = html[lt + 1] === '/';
    i = nextGt + 1;
    if (!closing && (SKIPPED.has(name) || name === 'title')) {
      const closer = new RegExp(`</${name}\\b`, 'gi');
      closer.lastIndex = i;
      const end = closer.exec(html);
      const inner = html.slice(i, end ? end.index : html.length);
      if (name === 'title' && title === '') title = collapse(decodeEntities(inner));
      i = end ? end.index : html.length;
      continue;
    }
    if (BLOCKS.has(name)) out.push('\n');
    else if (name === 'td' || name === 'th') out.push(' ');
  }
  const text = decodeEntities(out.join(''))
    .split('\n')
    .map(collapse)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title, markdown: text };
}

function collapse(line: string): string {
  return line.replace(/[ \t\r\f\v\u00a0]+/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));/g,
    (whole, decimal?: string, hex?: string, name?: string) => {
      if (name !== undefined) return ENTITIES[name] ?? whole;
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    },
  );
}
