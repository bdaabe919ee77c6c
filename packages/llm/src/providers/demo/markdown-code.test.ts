import { codeBlock, codeSpan } from './markdown-code';

describe('Markdown code for the demo', () => {
  it('fences a span longer than any backtick run inside it', () => {
    expect(codeSpan('__init__.py')).toBe('`__init__.py`');
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x`')).toBe('`` `x` ``');
  });

  it('fences a block longer than any backtick run inside it', () => {
    expect(codeBlock('a\nb\n')).toBe('```\na\nb\n```');
    expect(codeBlock('```js\nx\n```')).toBe('````\n```js\nx\n```\n````');
  });
});
