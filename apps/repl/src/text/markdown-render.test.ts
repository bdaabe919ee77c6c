import fc from 'fast-check';
import { lineText, lineWidth } from './line';
import { IncrementalMarkdown, renderMarkdown } from './markdown';
import { setTerminalWidths } from './width';

const text = (md: string, width = 60) => renderMarkdown(md, width).map(lineText);

describe('renderMarkdown with a real lexer', () => {
  it('renders a table as an aligned table, measuring wide characters', () => {
    const md = '| Name | Size |\n|:-----|-----:|\n| a.ts | 12 |\n| 日本.md | 3400 |\n';
    expect(text(md)).toEqual([
      '┌─────────┬──────┐',
      '│ Name    │ Size │',
      '├─────────┼──────┤',
      '│ a.ts    │   12 │',
      '│ 日本.md │ 3400 │',
      '└─────────┴──────┘',
    ]);
  });

  it('wraps table cells to fit a narrow width', () => {
    const md =
      '| Option | What it does |\n|---|---|\n| --yes | approves every tool call without asking anyone |\n';
    const rows = renderMarkdown(md, 30);
    expect(rows.every((row) => lineWidth(row) <= 30)).toBe(true);
    expect(rows.map(lineText).join('\n')).toContain('approves');
    expect(rows.map(lineText)[0]).toMatch(/^┌─+┬─+┐$/);
  });

  it('renders emphasis, links with their URL, rules and nested and task lists', () => {
    const rows = renderMarkdown(
      'Use *this* and **that** ~~not~~ [the docs](https://x.dev/a)\n\n---\n- one\n  - nested\n    1. deep\n- [x] done\n',
      40,
    );
    expect(rows.map(lineText)).toEqual([
      'Use this and that not the docs',
      '(https://x.dev/a)',
      '',
      '─'.repeat(40),
      '• one',
      '  • nested',
      '    1. deep',
      '• [x] done',
    ]);
    const styles = Object.fromEntries(rows[0]!.map((s) => [s.text.trim(), s.style]));
    expect(styles).toMatchObject({ this: 'emphasis', that: 'bold', 'the docs': 'link' });
    expect(rows[1]![0]!.style).toBe('link-url');
  });

  it('highlights code blocks of known languages, and leaves unknown ones plain', () => {
    const rows = renderMarkdown(
      '```ts\nconst a: number = 1; // one\n```\n```zzz\nconst b\n```',
      60,
    );
    const code = rows[1]!;
    expect(lineText(code)).toBe('│ const a: number = 1; // one');
    expect(code.find((s) => s.text === 'const')?.style).toBe('keyword');
    expect(code.find((s) => s.text.includes('// one'))?.style).toBe('dim');
    expect(code.find((s) => s.text === '1')?.style).toBe('number');
    expect(rows[4]!.slice(1).map((s) => s.style)).toEqual(['code']);
  });

  it('keeps model text as text: blessed tag syntax in cells and code stays literal text', () => {
    const rows = renderMarkdown('| {bold}x |\n|---|\n| `{red-fg}` |\n', 40);
    const text = rows.map(lineText).join('\n');
    expect(text).toContain('{bold}x');
    expect(text).toContain('{red-fg}');
  });
});

describe('IncrementalMarkdown', () => {
  it('matches a full render at every step of a stream holding a table, a list and code', () => {
    const full =
      '## Files\nIntro line one\nline two\nline three\nline four\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- x\n- y\n\n```js\nlet a = 1;\n```\nend';
    const incremental = new IncrementalMarkdown();
    for (let i = 1; i <= full.length; i++) {
      expect(incremental.render(full.slice(0, i), 30).map(lineText)).toEqual(
        renderMarkdown(full.slice(0, i), 30).map(lineText),
      );
    }
  });

  it('lays the kept rows out again when the terminal turns out to draw a cluster wider', () => {
    const streamed = 'abcdefg 👍🏽\n\nnext para';
    const incremental = new IncrementalMarkdown();
    expect(incremental.render(streamed, 10).map(lineText)).toEqual(['abcdefg 👍🏽', '', 'next para']);
    setTerminalWidths({ skinToneApart: true, narrowPresentation: false });
    try {
      expect(incremental.render(`${streamed}!`, 10).map(lineText)).toEqual(
        renderMarkdown(`${streamed}!`, 10).map(lineText),
      );
      expect(incremental.render(`${streamed}!`, 10).map(lineText)[0]).toBe('abcdefg');
    } finally {
      setTerminalWidths();
    }
  });
});

describe('hostile Markdown', () => {
  it.each([
    ['quotes nested 5,000 deep', '>'.repeat(5000) + ' x'],
    [
      'lists nested 500 deep',
      Array.from({ length: 500 }, (_, i) => `${' '.repeat(i * 2)}- a`).join('\n'),
    ],
    ['35 KB of crossed emphasis', '**a *b '.repeat(5000)],
    ['40 KB of underscores', 'a_'.repeat(20000)],
    ['open links', '![a]('.repeat(6000)],
  ])('%s renders quickly and never throws', (_name, md) => {
    const started = Date.now();
    const rows = renderMarkdown(md, 60);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => lineWidth(row) <= 60)).toBe(true);
  });

  it('renders any text without throwing (fuzz)', () => {
    const piece = fc.constantFrom(
      '*',
      '_',
      '`',
      '[',
      ']',
      '(',
      ')',
      '|',
      '-',
      '>',
      '#',
      ' ',
      '\n',
      '1.',
      'a',
      '~',
      '!',
      '<',
      '\\',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 80 }),
        fc.integer({ min: 10, max: 100 }),
        (parts, width) => {
          const md = parts.join('');
          renderMarkdown(md, width);
          new IncrementalMarkdown().render(md, width);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('IncrementalMarkdown and code blocks', () => {
  it('shows a streaming code block plain, line by line, and highlights it once it closes', () => {
    const incremental = new IncrementalMarkdown();
    const open = incremental.render('```ts\nconst a = 1;\nconst b', 40);
    expect(open.map(lineText)).toEqual(['┌─ ts', '│ const a = 1;', '│ const b', '└─']);
    expect(open[1]!.slice(1).map((s) => s.style)).toEqual(['code']);
    const closed = incremental.render('```ts\nconst a = 1;\nconst b = 2;\n```\nafter', 40);
    expect(closed[1]!.find((s) => s.text === 'const')?.style).toBe('keyword');
    expect(closed.map(lineText).at(-1)).toBe('after');
  });
});
