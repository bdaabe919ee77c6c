/**
 * The longest session line the writer produces (UTF-16 code units of JSON): bigger events have
 * their longest strings cut to fit, with a marker saying how much was cut.
 */
export const MAX_SESSION_LINE_CHARS = 16 * 1024 * 1024;

/**
 * Lines longer than this (bytes) are skipped by the loader with a warning, without ever being
 * held in memory whole (older versions could write lines of hundreds of MB).
 */
export const MAX_LOAD_LINE_BYTES = 64 * 1024 * 1024;

/** Deeper JSON (hand-edited or hostile) is skipped by the loader and not nested further by the writer. */
export const MAX_JSON_DEPTH = 256;

/** Whether the JSON text nests arrays and objects deeper than `max`; a linear scan, no parsing. */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** The marker a cut string ends with. */
export function cutMarker(cut: number): string {
  return ` … [${cut} characters cut: the session line limit]`;
}

/**
 * The JSON of `value` in at most `max` characters, its longest strings cut (each ending with
 * `cutMarker`) as little as needed; undefined when even that cannot make it fit.
 */
export function boundedJson(
  value: unknown,
  max: number = MAX_SESSION_LINE_CHARS,
): string | undefined {
  let json = JSON.stringify(value);
  if (json.length <= max) return json;
  const lengths: number[] = [];
  collectStringLengths(value, lengths);
  lengths.sort((a, b) => b - a);
  let excess = json.length - max + 1024;
  for (let attempt = 0; attempt < 4; attempt++) {
    const cap = capFor(lengths, excess);
    if (cap === undefined) return undefined;
    json = JSON.stringify(capStrings(value, cap));
    if (json.length <= max) return json;
    excess += json.length - max + 1024;
  }
  return undefined;
}

/** The largest string length that removes at least `excess` characters, if any does. */
function capFor(sorted: number[], excess: number): number | undefined {
  let removedAbove = 0;
  for (let i = 0; i < sorted.length; i++) {
    const next = sorted[i + 1] ?? 0;
    // Capping at `next` removes sorted[0..i] down to `next`.
    const removed = removedAbove + (sorted[i]! - next) * (i + 1);
    if (removed >= excess) return Math.max(0, next + Math.floor((removed - excess) / (i + 1)));
    removedAbove = removed;
  }
  return undefined;
}

function collectStringLengths(value: unknown, out: number[]): void {
  if (typeof value === 'string') out.push(value.length);
  else if (Array.isArray(value)) for (const item of value) collectStringLengths(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collectStringLengths(item, out);
  }
}

function capStrings(value: unknown, cap: number): unknown {
  if (typeof value === 'string') {
    if (value.length <= cap) return value;
    let end = cap;
    const last = value.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end--;
    return value.slice(0, end) + cutMarker(value.length - end);
  }
  if (Array.isArray(value)) return value.map((item) => capStrings(item, cap));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, {
        value: capStrings(item, cap),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
