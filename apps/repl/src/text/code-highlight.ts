import type { HLJSApi, LanguageFn } from 'highlight.js';
import type { Span, SpanStyle } from './line';

/** Fence labels and the highlight.js grammar each loads (only these few, on first use). */
const GRAMMARS: Record<string, string> = {
  js: 'javascript',
  javascript: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  typescript: 'typescript',
  tsx: 'typescript',
  py: 'python',
  python: 'python',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  shell: 'bash',
  console: 'shell',
  json: 'json',
  jsonc: 'json',
  diff: 'diff',
  patch: 'diff',
  rs: 'rust',
  rust: 'rust',
  go: 'go',
  yaml: 'yaml',
  yml: 'yaml',
  html: 'xml',
  xml: 'xml',
  css: 'css',
  sql: 'sql',
  java: 'java',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  toml: 'ini',
  ini: 'ini',
};

/** highlight.js scopes (the first part of a class) and the style each is painted in. */
const SCOPES: Record<string, SpanStyle> = {
  keyword: 'keyword',
  built_in: 'type',
  type: 'type',
  literal: 'number',
  number: 'number',
  string: 'string',
  regexp: 'string',
  symbol: 'string',
  comment: 'dim',
  doc: 'dim',
  meta: 'dim',
  title: 'accent',
  'title.function': 'accent',
  'title.class': 'type',
  attr: 'type',
  attribute: 'type',
  variable: 'plain',
  params: 'plain',
  addition: 'added',
  deletion: 'removed',
  section: 'heading',
  tag: 'keyword',
  name: 'keyword',
};

/** Longer code stays one colour: highlight.js takes about 10 ms per 1,000 characters. */
const MAX_HIGHLIGHTED = 5000;

let hljs: HLJSApi | undefined;

/**
 * `code` as highlighted lines of spans when the fence names a known language and the code is
 * short enough to highlight within a frame or two, else undefined.
 * highlight.js core and each grammar are loaded the first time they are needed.
 */
export function highlightCode(code: string, label: string): Span[][] | undefined {
  if (code.length > MAX_HIGHLIGHTED) return undefined;
  const grammar = GRAMMARS[label.trim().toLowerCase().split(/\s+/)[0] ?? ''];
  if (!grammar) return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports */
  hljs ??= require('highlight.js/lib/core') as HLJSApi;
  if (!hljs.getLanguage(grammar)) {
    const language = require(`highlight.js/lib/languages/${grammar}`) as
      LanguageFn | { default: LanguageFn };
    hljs.registerLanguage(grammar, typeof language === 'function' ? language : language.default);
  }
  /* eslint-enable @typescript-eslint/no-require-imports */
  let html: string;
  try {
    html = hljs.highlight(code, { language: grammar, ignoreIllegals: true }).value;
  } catch {
    return undefined;
  }
  return htmlToLines(html);
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/** highlight.js output (text with nested `<span class="hljs-…">`) as styled spans per line. */
function htmlToLines(html: string): Span[][] {
  const lines: Span[][] = [[]];
  const stack: Array<SpanStyle | undefined> = [];
  const pattern = /<span class="([^"]*)">|<\/span>|([^<]+)/g;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    if (m[1] !== undefined) {
      const scope = m[1]
        .split(' ')[0]!
        .replace(/^hljs-/, '')
        .replace(/_+$/, '');
      stack.push(SCOPES[scope] ?? SCOPES[scope.split('.')[0]!] ?? stack[stack.length - 1]);
    } else if (m[0] === '</span>') {
      stack.pop();
    } else {
      const text = m[2]!.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]!);
      const style = stack[stack.length - 1] ?? 'code';
      text.split('\n').forEach((part, index) => {
        if (index > 0) lines.push([]);
        if (part) lines[lines.length - 1]!.push({ text: part, style });
      });
    }
  }
  return lines;
}
