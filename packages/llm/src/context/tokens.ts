import {
  o200kAvailable,
  o200kLoaded,
  o200kPieces,
  o200kPieceTokens,
  takeO200kWork,
} from './o200k-encoder';

export { warmO200k as warmTokenizer } from './o200k-encoder';

/**
 * How text is counted: `openai` uses the real o200k_base tokenizer (GPT-4o and later, the
 * Codex family); `estimate` is characters / 3.5, a documented approximation for providers whose
 * tokenizer is not public (Anthropic, Gemini, Bedrock models). `openai` counts are estimated too
 * when the optional package js-tiktoken is not installed.
 */
export type TokenizerFamily = 'openai' | 'estimate';

/** Average characters per token assumed by the estimate. */
export const CHARS_PER_TOKEN = 3.5;

/**
 * Byte-pair merging is quadratic in a piece's length, so a longer pre-tokenized piece (a run of
 * `=` or of one letter, a base64 blob) is counted in slices of this many characters.
 */
export const MAX_PIECE_CHARS = 64;

/**
 * Characters one call counts exactly; the rest of a longer text is estimated at the ratio of
 * tokens to characters counted so far. About 20 ms of ordinary text.
 */
export const EXACT_COUNT_CHARS = 64 * 1024;

/**
 * The merge work one call may do (about 50 ms; see `takeO200kWork`): text slow per character
 * (long runs that are no token, random CJK) is counted exactly only that far, then estimated the
 * same way. Work, not the clock, so a count never depends on the machine's load.
 */
export const EXACT_COUNT_WORK = 25_000_000;

/** Texts at least this long are remembered: a request's history is counted again every turn. */
const CACHE_MIN_CHARS = 512;
const CACHE_ENTRIES = 256;

const cache = new Map<string, number>();

/**
 * Whether exact o200k counts are at hand without loading anything: the tokenizer is loaded (a
 * request grew to where counting matters, see `buildRequest`).
 */
export function tokenizerLoaded(): boolean {
  return o200kLoaded();
}

/**
 * The most tokens `text` can be for either family: its UTF-8 bytes (every o200k token stands
 * for at least one byte; the estimate is fewer still). Costs no tokenizer.
 */
export function tokensAtMost(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Tokens in `text` for a tokenizer family. Bounded in time for any input. */
export function countTokens(text: string, family: TokenizerFamily = 'estimate'): number {
  if (text.length === 0) return 0;
  if (family === 'estimate' || !o200kAvailable()) return Math.ceil(text.length / CHARS_PER_TOKEN);
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
 * piece longer than `MAX_PIECE_CHARS` may add a token), then an estimate for the rest at the
 * ratio counted so far.
 */
function countOpenAI(text: string): number {
  const pieces = o200kPieces();
  takeO200kWork();
  let work = 0;
  let tokens = 0;
  pieces.lastIndex = 0;
  for (let match = pieces.exec(text); match !== null; match = pieces.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (end === start) {
      pieces.lastIndex++;
      continue;
    }
    if (end - start <= MAX_PIECE_CHARS) {
      tokens += o200kPieceTokens(match[0]);
    } else {
      for (let from = start; from < end;) {
        const to = sliceBoundary(text, from, end);
        tokens += o200kPieceTokens(text.slice(from, to));
        from = to;
        work += takeO200kWork();
        if (from >= EXACT_COUNT_CHARS || work >= EXACT_COUNT_WORK) {
          return estimateRest(text, from, tokens);
        }
      }
    }
    pieces.lastIndex = end;
    work += takeO200kWork();
    if (end >= EXACT_COUNT_CHARS || work >= EXACT_COUNT_WORK) {
      return estimateRest(text, end, tokens);
    }
  }
  return tokens;
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
