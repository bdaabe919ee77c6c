import { lineText } from './line';
import { renderMarkdown } from './markdown';

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
