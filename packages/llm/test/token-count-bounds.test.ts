import fc from 'fast-check';
import { countTokens, EXACT_COUNT_CHARS } from '../src';

/* eslint-disable @typescript-eslint/no-require-imports */
const { Tiktoken } = require('js-tiktoken/lite') as {
  Tiktoken: new (ranks: unknown) => { encode(text: string, a: string[], d: string[]): number[] };
};
const o200k = require('js-tiktoken/ranks/o200k_base') as { default?: unknown };
/* eslint-enable @typescript-eslint/no-require-imports */
const reference = new Tiktoken(o200k.default ?? o200k);
const exact = (text: string): number => reference.encode(text, [], []).length;

/** Far above the bounded work (well under a second), far below the unbounded (minutes). */
const LOADED_MACHINE_MS = 5000;

function timed(text: string): { tokens: number; ms: number } {
  const start = performance.now();
  const tokens = countTokens(text, 'openai');
  return { tokens, ms: performance.now() - start };
}

describe('o200k counting is bounded in time for any input', () => {
  beforeAll(() => {
    countTokens('load the ranks once', 'openai');
  });

  it('counts 5 MB of `=` (one run without whitespace) in well under a second', () => {
    const { tokens, ms } = timed('='.repeat(5 * 1024 * 1024));
    // Unbounded work takes minutes here; the bound leaves room for a loaded 2-core machine.
    expect(ms).toBeLessThan(LOADED_MACHINE_MS);
    // `=` runs merge into long tokens, never more than one token per character.
    expect(tokens).toBeGreaterThanOrEqual((5 * 1024 * 1024) / 64);
    expect(tokens).toBeLessThan(5 * 1024 * 1024);
  });

  it('counts a 1 MB file of `=` lines, long letter and space runs, in well under a second', () => {
    for (const text of [
      `${'='.repeat(79)}\n`.repeat(13_000),
      'a'.repeat(1_000_000),
      ' '.repeat(1_000_000),
      'x'.repeat(40_000),
      '\u{1F600}'.repeat(200_000),
    ]) {
      const { tokens, ms } = timed(text);
      // The exact part is bounded in work (about 50 ms), the rest estimated.
      expect(ms).toBeLessThan(LOADED_MACHINE_MS);
      expect(tokens).toBeGreaterThan(0);
    }
  });

  it('is exact for ordinary text, code and JSON below the exact bound', () => {
    const prose =
      'The agent reads files, runs commands and asks the person when a decision is theirs. ';
    const code = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
    const json = JSON.stringify({ path: 'src/index.ts', lines: [1, 2, 3], ok: true });
    for (const text of [prose.repeat(300), code.repeat(200), json.repeat(100), 'hello world']) {
      expect(text.length).toBeLessThan(EXACT_COUNT_CHARS);
      expect(countTokens(text, 'openai')).toBe(exact(text));
    }
  });

  it('matches the reference tokenizer on arbitrary short text of ordinary pieces', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.string({ unit: 'grapheme', maxLength: 20 }),
            fc.string({ unit: 'binary', maxLength: 20 }),
            fc.constantFrom(' ', '\n', '. ', '    ', '=====', 'naïve café 日本語'),
          ),
          { maxLength: 40 },
        ),
        (parts) => {
          const text = parts.join('');
          expect(countTokens(text, 'openai')).toBe(exact(text));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('estimates beyond the exact bound at the ratio counted so far', () => {
    const sentence = 'Counting stays proportional past the exact bound. ';
    const text = sentence.repeat(Math.ceil((4 * EXACT_COUNT_CHARS) / sentence.length));
    const counted = countTokens(text, 'openai');
    const truth = exact(text);
    expect(Math.abs(counted - truth) / truth).toBeLessThan(0.02);
  });
});

describe('loading the tokenizer', () => {
  it('loads the rank data in slices that let timers and signals through', async () => {
    let fresh: typeof import('../src/context/o200k-encoder') | undefined;
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports */
      fresh =
        require('../src/context/o200k-encoder') as typeof import('../src/context/o200k-encoder');
      /* eslint-enable @typescript-eslint/no-require-imports */
    });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await fresh!.warmO200k();
    clearInterval(timer);
    // 200,000 ranks in slices of 10,000: the event loop ran between them.
    expect(ticks).toBeGreaterThan(0);
    expect(fresh!.o200kPieceTokens('hello')).toBe(1);
  });
});
