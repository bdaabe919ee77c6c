import type { Token } from 'marked';
import type { Span, SpanStyle } from './line';

/**
 * Inline Markdown tokens as styled spans, one array per visual line (a hard or soft line break
 * starts a new one). Links keep their URL visible after the text; images show as
 * `[image: alt] (url)`; inline HTML stays as typed. Text is already sanitized.
 */
export function inlineLines(tokens: readonly Token[] | undefined, base?: SpanStyle): Span[][] {
  const lines: Span[][] = [[]];
  const push = (text: string, style: SpanStyle | undefined): void => {
    const parts = text.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part !== '') lines[lines.length - 1]!.push({ text: part, style });
    });
  };
  const walk = (list: readonly Token[] | undefined, style: SpanStyle | undefined): void => {
    for (const token of list ?? []) {
      switch (token.type) {
        case 'strong':
          walk(token.tokens, 'bold');
          break;
        case 'em':
          walk(token.tokens, 'emphasis');
          break;
        case 'del':
          walk(token.tokens, 'dim');
          break;
        case 'codespan':
          push(String(token.text), 'code');
          break;
        case 'br':
          lines.push([]);
          break;
        case 'link': {
          const text = flatText(token.tokens) || String(token.href);
          push(text, 'link');
          if (text !== token.href && `mailto:${text}` !== token.href) {
            push(` (${String(token.href)})`, 'link-url');
          }
          break;
        }
        case 'image':
          push(`[image: ${String(token.text) || 'untitled'}]`, 'link');
          push(` (${String(token.href)})`, 'link-url');
          break;
        case 'escape':
          push(String(token.text), style);
          break;
        case 'html':
        case 'text':
          if ('tokens' in token && token.tokens && token.tokens.length > 0) {
            walk(token.tokens, style);
          } else push(String(token.text ?? token.raw), style);
          break;
        default:
          push(String(token.raw), style);
      }
    }
  };
  walk(tokens, base);
  return lines;
}

/** The plain text of inline tokens (link labels, image alt text). */
export function flatText(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) =>
      'tokens' in token && token.tokens
        ? flatText(token.tokens)
        : String((token as { text?: string }).text ?? token.raw),
    )
    .join('');
}
