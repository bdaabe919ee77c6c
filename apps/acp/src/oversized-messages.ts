/** Bytes at the start of an oversized message searched for its JSON-RPC id. */
const ID_SEARCH_BYTES = 64 * 1024;

const NEWLINE = 0x0a;

/**
 * Newline-delimited JSON with every line over `maxBytes` taken out: the lines within the limit
 * pass unchanged (held until complete, so at most `maxBytes` are buffered), and for each line
 * over it `onOversized` gets the id its first bytes name (see {@link recoverId}), or null, while
 * the rest of it is read and dropped. The ACP SDK's reader ends the whole connection on such a
 * line; with this in front it never sees one, and the agent can answer it and keep serving.
 */
export function dropOversizedLines(
  maxBytes: number,
  onOversized: (id: string | number | null) => void,
): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  /** The beginning of the line being dropped, or undefined while none is. */
  let dropping: Uint8Array | undefined;
  const startDropping = (tail: Uint8Array): void => {
    dropping = Buffer.concat([...held, tail]).subarray(0, ID_SEARCH_BYTES);
    held = [];
    heldBytes = 0;
  };
  const endDropping = (): void => {
    const start = dropping!;
    dropping = undefined;
    onOversized(recoverId(start));
  };
  return new TransformStream({
    transform(chunk, controller) {
      let start = 0;
      while (start < chunk.byteLength) {
        const end = chunk.indexOf(NEWLINE, start);
        const piece = chunk.subarray(start, end === -1 ? chunk.byteLength : end);
        if (dropping === undefined && heldBytes + piece.byteLength > maxBytes) {
          startDropping(piece);
        }
        if (end === -1) {
          if (dropping === undefined) {
            held.push(piece);
            heldBytes += piece.byteLength;
          }
          return;
        }
        if (dropping !== undefined) endDropping();
        else {
          for (const part of held) controller.enqueue(part);
          controller.enqueue(chunk.subarray(start, end + 1));
          held = [];
          heldBytes = 0;
        }
        start = end + 1;
      }
    },
    flush(controller) {
      if (dropping !== undefined) endDropping();
      for (const part of held) controller.enqueue(part);
    },
  });
}

/**
 * The `id` of the JSON-RPC object that `start` begins, when a top-level `"id"` member with a
 * string or number value is among the bytes given; null otherwise (JSON-RPC's id for a message
 * whose id cannot be read). Nested objects and strings are skipped, never taken for the id.
 */
export function recoverId(start: Uint8Array): string | number | null {
  const text = Buffer.from(start.buffer, start.byteOffset, start.byteLength).toString('utf8');
  let at = skipSpace(text, 0);
  if (text[at] !== '{') return null;
  at++;
  for (;;) {
    at = skipSpace(text, at);
    if (text[at] !== '"') return null;
    const key = readString(text, at);
    if (key === undefined) return null;
    at = skipSpace(text, key.end);
    if (text[at] !== ':') return null;
    at = skipSpace(text, at + 1);
    if (key.value === 'id') return readId(text, at);
    const next = skipValue(text, at);
    if (next === undefined) return null;
    at = skipSpace(text, next);
    if (text[at] !== ',') return null;
    at++;
  }
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && ' \t\r\n'.includes(text[at]!)) at++;
  return at;
}

/** The JSON string starting at `at` (a quote) and the index after it; undefined if cut off. */
function readString(text: string, at: number): { value: string; end: number } | undefined {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') {
      try {
        return { value: JSON.parse(text.slice(at, i + 1)) as string, end: i + 1 };
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function readId(text: string, at: number): string | number | null {
  if (text[at] === '"') {
    const id = readString(text, at);
    return id === undefined ? null : id.value;
  }
  const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?(?=[\s,}])/.exec(text.slice(at, at + 40));
  return number ? Number(number[0]) : null;
}

/** The index after the JSON value starting at `at`, or undefined if it does not end in `text`. */
function skipValue(text: string, at: number): number | undefined {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const string = readString(text, i);
      if (string === undefined) return undefined;
      i = string.end - 1;
      if (depth === 0) return string.end;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return undefined;
    } else if (depth === 0 && (c === ',' || c === ' ' || c === '\n' || c === '\r' || c === '\t')) {
      return i;
    }
  }
  return undefined;
}
