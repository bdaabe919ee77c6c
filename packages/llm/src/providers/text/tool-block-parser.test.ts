import fc from 'fast-check';
import { ToolBlockParser, type ParsedPiece } from './tool-block-parser';

const REPLY = [
  'I will read two files.\n',
  '```tool\n{"name": "read_file", "arguments": {"path": "a \\"q\\" 日本語 🚀.md"}}\n```\n',
  'and then\n```tool\n{"name": "search", "arguments": {"globs": [["src/**"], ["*.md"]]}}\n```',
].join('');

function parse(chunks: string[]): {
  prose: string;
  calls: Array<{ name: string; arguments: string }>;
} {
  const parser = new ToolBlockParser();
  const pieces: ParsedPiece[] = [];
  for (const chunk of chunks) pieces.push(...parser.push(chunk));
  pieces.push(...parser.finish());
  return {
    prose: pieces.map((p) => (p.kind === 'text' ? p.text : '')).join(''),
    calls: pieces.flatMap((p) =>
      p.kind === 'call' ? [{ name: p.name, arguments: p.arguments }] : [],
    ),
  };
}

function splitAt(text: string, cuts: number[]): string[] {
  const chars = Array.from(text);
  const points = [...new Set(cuts.map((c) => c % (chars.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const point of points) {
    out.push(chars.slice(from, point).join(''));
    from = point;
  }
  out.push(chars.slice(from).join(''));
  return out;
}

describe('ToolBlockParser', () => {
  it('separates prose from tool blocks and parses each call', () => {
    expect(parse([REPLY])).toEqual({
      prose: 'I will read two files.\nand then\n',
      calls: [
        { name: 'read_file', arguments: '{"path":"a \\"q\\" 日本語 🚀.md"}' },
        { name: 'search', arguments: '{"globs":[["src/**"],["*.md"]]}' },
      ],
    });
  });

  it('gives the same result however the stream is chunked', () => {
    const whole = parse([REPLY]);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (cuts) => {
        expect(parse(splitAt(REPLY, cuts))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps prose that only looks like a fence, and other code blocks', () => {
    const text = 'Use ```tool blocks.\n```toolbox\nx\n```\n```ts\nconst a = 1;\n```\n';
    expect(parse(splitAt(text, [3, 9, 22, 23, 30]))).toEqual({ prose: text, calls: [] });
  });

  it('turns a malformed block into a call whose arguments are the raw text', () => {
    const result = parse([
      'Reading.\n```tool\n{"name": "read_file", "arguments": {"path": "a.md"\n```\n',
    ]);
    expect(result.prose).toBe('Reading.\n');
    expect(result.calls).toEqual([
      { name: 'read_file', arguments: '{"name": "read_file", "arguments": {"path": "a.md"' },
    ]);
  });

  it('releases prose while it streams, before the turn ends', () => {
    const parser = new ToolBlockParser();
    expect(parser.push('Hello there, ')).toEqual([{ kind: 'text', text: 'Hello there, ' }]);
    expect(parser.push('friend.\n``')).toEqual([{ kind: 'text', text: 'friend.\n' }]);
    expect(parser.push('`tool\n{"name":"x"')).toEqual([]);
    expect(parser.abandon()).toEqual([]);
  });
});
