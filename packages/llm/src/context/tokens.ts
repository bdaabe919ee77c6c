/** The part of js-tiktoken's encoder used here. */
interface Encoder {
  encode(
    text: string,
    allowedSpecial?: string[] | 'all',
    disallowedSpecial?: string[] | 'all',
  ): number[];
}

/**
 * How text is counted: `openai` uses the real o200k_base tokenizer (GPT-4o and later, the
 * Codex family); `estimate` is characters / 3.5, a documented approximation for providers whose
 * tokenizer is not public (Anthropic, Gemini, Bedrock models).
 */
export type TokenizerFamily = 'openai' | 'estimate';

/** Average characters per token assumed by the estimate. */
export const CHARS_PER_TOKEN = 3.5;

/**
 * js-tiktoken merges each pre-tokenized piece in time cubic in its length (a run of 5,000 `=`
 * takes over a second, 40,000 over a minute), so a longer piece is counted in slices of this
 * many characters; a run of 128 `=` already costs a millisecond.
 */
export const MAX_PIECE_CHARS = 32;

/**
 * Characters one call counts exactly; the rest of a longer text is estimated at the ratio of
 * tokens to characters counted so far. About 20 ms of ordinary text.
 */
export const EXACT_COUNT_CHARS = 64 * 1024;

/** Characters of long pieces one call counts exactly, slice by slice (about 10 ms of `=`). */
export const EXACT_SLICED_CHARS = 8 * 1024;

/**
 * A safety net in time for text that is slow per character (long pieces that are not tokens):
 * past it the rest is estimated the same way, so counting is bounded for any input.
 */
export const EXACT_COUNT_BUDGET_MS = 250;

/** Short pieces are encoded together, in runs of about this many characters. */
const BATCH_CHARS = 4096;

/** Texts at least this long are remembered: a request's history is counted again every turn. */
const CACHE_MIN_CHARS = 512;
const CACHE_ENTRIES = 256;

let encoder: { encoder: Encoder; pieces: RegExp } | undefined;
const cache = new Map<string, number>();

function openaiEncoder(): { encoder: Encoder; pieces: RegExp } {
  if (!encoder) {
    // The rank data is 2 MB: loaded on first use, never at start-up.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const lite = require('js-tiktoken/lite') as { Tiktoken: new (ranks: unknown) => Encoder };
    const module = require('js-tiktoken/ranks/o200k_base') as {
      default?: { pat_str: string };
      pat_str: string;
    };
    const ranks = module.default ?? module;
    /* eslint-enable @typescript-eslint/no-require-imports */
    encoder = {
      encoder: new lite.Tiktoken(ranks),
      // The pre-tokenizer js-tiktoken splits text into pieces with.
      pieces: new RegExp(ranks.pat_str, 'gu'),
    };
  }
  return encoder;
}

/** Tokens in `text` for a tokenizer family. Bounded in time for any input. */
export function countTokens(text: string, family: TokenizerFamily = 'estimate'): number {
  if (text.length === 0) return 0;
  if (family === 'estimate') return Math.ceil(text.length / CHARS_PER_TOKEN);
  if (text.length < CACHE_MIN_CHARS) return countOpenAI(text);
  const known = cache.get(text);
  if (known !== undefined) return known;
  const count = countOpenAI(text);
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(text, count);
  return count;
}

/**
 * o200k tokens: exact for ordinary text up to `EXACT_COUNT_CHARS` (a slice boundary inside a
 * long piece may add a token), then an estimate for the rest at the ratio counted so far.
 */
function countOpenAI(text: string): number {
  const { encoder: enc, pieces } = openaiEncoder();
  const encode = (from: number, to: number): number =>
    to > from ? enc.encode(text.slice(from, to), [], []).length : 0;
  const deadline = performance.now() + EXACT_COUNT_BUDGET_MS;
  const over = (at: number): boolean => at >= EXACT_COUNT_CHARS || performance.now() > deadline;
  let tokens = 0;
  let batchStart = 0;
  let sliced = 0;
  pieces.lastIndex = 0;
  for (let match = pieces.exec(text); match !== null; match = pieces.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (end === start) {
      pieces.lastIndex++;
      continue;
    }
    if (end - start > MAX_PIECE_CHARS) {
      tokens += encode(batchStart, start);
      batchStart = start;
      while (batchStart < end) {
        const sliceEnd = sliceBoundary(text, batchStart, end);
        tokens += encode(batchStart, sliceEnd);
        sliced += sliceEnd - batchStart;
        batchStart = sliceEnd;
        if (sliced >= EXACT_SLICED_CHARS || over(batchStart))
          return estimateRest(text, batchStart, tokens);
      }
    } else if (end - batchStart >= BATCH_CHARS) {
      tokens += encode(batchStart, end);
      batchStart = end;
      if (over(batchStart)) return estimateRest(text, batchStart, tokens);
    }
    pieces.lastIndex = end;
  }
  return tokens + encode(batchStart, text.length);
}

/** The end of the slice starting at `from`, never splitting a surrogate pair. */
function sliceBoundary(text: string, from: number, end: number): number {
  let to = Math.min(from + MAX_PIECE_CHARS, end);
  const last = text.charCodeAt(to - 1);
  if (to < end && last >= 0xd800 && last <= 0xdbff) to--;
  return to;
}

function estimateRest(text: string, counted: number, tokens: number): number {
  const rest = text.length - counted;
  if (rest <= 0) return tokens;
  const perChar = counted > 0 ? tokens / counted : 1 / CHARS_PER_TOKEN;
  return tokens + Math.ceil(rest * perChar);
}

/** The family to count with for a provider id and model name. */
export function tokenizerFamily(providerId?: string, model?: string): TokenizerFamily {
  if (providerId === 'openai-chat' || providerId === 'openai-responses') return 'openai';
  if (model && /^(gpt-|o[1-9]|chatgpt|codex)/i.test(model)) return 'openai';
  return 'estimate';
}
