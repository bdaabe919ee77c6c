/**
 * A counting-only o200k_base tokenizer over js-tiktoken's rank data. js-tiktoken's own encoder
 * takes over a second to build (blocking the event loop) and merges each piece in time cubic in
 * its length; this one loads the ranks in slices that yield to the event loop (`warmO200k`), or
 * at once when asked before that finished, and merges with one rank lookup per changed pair.
 * It gives the same counts as `encode(text, [], [])` (special tokens counted as plain text).
 */

interface RankData {
  pat_str: string;
  bpe_ranks: string;
}

/** Ranks by the base64 of the token's bytes, as the rank data stores them. */
let ranks: Map<string, number> | undefined;
let loading: { parts: string[]; next: number; rank: number; map: Map<string, number> } | undefined;
let pattern: RegExp | undefined;
let warming: Promise<void> | undefined;

const SLICE_TOKENS = 10_000;

/** The package the rank data comes from: an optional peer dependency of @agent/llm. */
export const TOKENIZER_PACKAGE = 'js-tiktoken';

let data: RankData | null | undefined;

/** The rank data, or null when js-tiktoken is not installed (looked up once). */
function rankData(): RankData | null {
  if (data !== undefined) return data;
  try {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const module = require('js-tiktoken/ranks/o200k_base') as { default?: RankData } & RankData;
    /* eslint-enable @typescript-eslint/no-require-imports */
    data = module.default ?? module;
  } catch (error) {
    const { code } = (error ?? {}) as { code?: unknown };
    if (code !== 'MODULE_NOT_FOUND') throw error;
    data = null;
  }
  return data;
}

/**
 * Whether exact o200k counts are possible: js-tiktoken is installed. Without it, callers count
 * with the estimate (`npm install js-tiktoken` for exact OpenAI counts).
 */
export function o200kAvailable(): boolean {
  return rankData() !== null;
}

function startLoading(): NonNullable<typeof loading> {
  if (!loading) {
    const data = rankData();
    if (data === null) {
      throw new Error(
        `exact token counts need the package "${TOKENIZER_PACKAGE}": npm install ${TOKENIZER_PACKAGE}`,
      );
    }
    pattern = new RegExp(data.pat_str, 'gu');
    // One line: "! <first rank> <base64 token> <base64 token> ...".
    const parts = data.bpe_ranks.trim().split(' ');
    loading = { parts, next: 2, rank: Number.parseInt(parts[1]!, 10), map: new Map() };
  }
  return loading;
}

/** Loads up to `count` more tokens; true when the ranks are complete. */
function loadSlice(count: number): boolean {
  if (ranks) return true;
  const state = startLoading();
  const end = Math.min(state.parts.length, state.next + count);
  for (let i = state.next; i < end; i++) state.map.set(state.parts[i]!, state.rank++);
  state.next = end;
  if (end < state.parts.length) return false;
  ranks = state.map;
  loading = undefined;
  return true;
}

/** Loads the rank data in slices, yielding to the event loop between them. */
export function warmO200k(): Promise<void> {
  warming ??= (async () => {
    if (!o200kAvailable()) return;
    while (!loadSlice(SLICE_TOKENS)) await new Promise((resolve) => setImmediate(resolve));
  })();
  return warming;
}

/** Whether the ranks are loaded: a count now costs only its own merging. */
export function o200kLoaded(): boolean {
  return ranks !== undefined;
}

function ready(): { ranks: Map<string, number>; pattern: RegExp } {
  if (!ranks) loadSlice(Number.MAX_SAFE_INTEGER);
  return { ranks: ranks!, pattern: pattern! };
}

/** The pre-tokenizer's pattern (global, sticky state reset by the caller). */
export function o200kPieces(): RegExp {
  return ready().pattern;
}

let work = 0;

/**
 * The work done by `o200kPieceTokens` since the last call, in units of about a nanosecond: a
 * deterministic measure callers bound instead of the clock.
 */
export function takeO200kWork(): number {
  const done = work;
  work = 0;
  return done;
}

/** Tokens of one pre-tokenized piece: byte-pair merges by rank, lowest (then leftmost) first. */
export function o200kPieceTokens(piece: string): number {
  const table = ready().ranks;
  const bytes = Buffer.from(piece, 'utf8');
  const n = bytes.length;
  work += 300 + n;
  if (n <= 1 || table.has(bytes.toString('base64'))) return n === 0 ? 0 : 1;
  // Merging scans the pairs once per merge and looks up two changed pairs.
  work += 2 * n * n + 600 * n;
  // starts[i] is where part i begins; part i ends where part i+1 begins (or at n).
  const starts: number[] = [];
  for (let i = 0; i <= n; i++) starts.push(i);
  const rankOf = (i: number): number => {
    if (i + 2 >= starts.length) return Infinity;
    return table.get(bytes.subarray(starts[i]!, starts[i + 2]!).toString('base64')) ?? Infinity;
  };
  const pairs: number[] = [];
  for (let i = 0; i + 2 < starts.length; i++) pairs.push(rankOf(i));
  for (;;) {
    let best = Infinity;
    let at = -1;
    for (let i = 0; i < pairs.length; i++) {
      if (pairs[i]! < best) {
        best = pairs[i]!;
        at = i;
      }
    }
    if (at === -1) break;
    starts.splice(at + 1, 1);
    pairs.splice(at, 1);
    if (at < pairs.length) pairs[at] = rankOf(at);
    if (at > 0) pairs[at - 1] = rankOf(at - 1);
  }
  return starts.length - 1;
}
