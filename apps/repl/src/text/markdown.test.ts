import { lineText } from './line';
import { IncrementalMarkdown, renderMarkdown } from './markdown';

const text = (md: string, width = 40) => renderMarkdown(md, width).map(lineText);

describe('renderMarkdown', () => {
  it('renders headings without hashes and styles them', () => {
    const [line] = renderMarkdown('## Plan', 40);
    expect(lineText(line!)).toBe('Plan');
    expect(line![0]!.style).toBe('heading');
  });

  it('renders bullets and numbered lists with hanging indents', () => {
    expect(text('- first item that wraps here', 16)).toEqual([
      '• first item',
      '  that wraps',
      '  here',
    ]);
    expect(text('2. second')).toEqual(['2. second']);
  });

  it('frames fenced code blocks and leaves their content unformatted', () => {
    expect(text('```ts\nconst **a** = 1;\n```')).toEqual(['┌─ ts', '│ const **a** = 1;', '└─']);
  });

  it('styles inline code and bold', () => {
    const [line] = renderMarkdown('use `npm` **now**', 40);
    expect(line!.map((s) => [s.text, s.style])).toEqual([
      ['use ', undefined],
      ['npm', 'code'],
      [' ', undefined],
      ['now', 'bold'],
    ]);
  });
});

describe('IncrementalMarkdown', () => {
  it('renders a growing text exactly like a full render, across code fences', () => {
    const full =
      '# Title\nsome text that wraps around\n```js\nconst a = 1;\n```\n- item **bold**\nend';
    const incremental = new IncrementalMarkdown();
    for (let i = 1; i <= full.length; i++) {
      const lines = incremental.render(full.slice(0, i), 12).map(lineText);
      expect(lines).toEqual(renderMarkdown(full.slice(0, i), 12).map(lineText));
    }
    expect(incremental.render('other', 12).map(lineText)).toEqual(['other']);
  });
});
