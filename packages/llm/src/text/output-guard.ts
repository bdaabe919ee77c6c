import { StringDecoder } from 'node:string_decoder';
import { TerminalTextFilter } from './terminal-safe';

/** The part of a writable stream the guard wraps (process.stdout, process.stderr). */
export interface GuardedStream {
  write: unknown;
}

/**
 * Makes every later `write` to `stream` pass one {@link TerminalTextFilter}, whoever writes:
 * our own output and libraries alike (an SDK's `console.error` of a malformed chunk, a parser's
 * warning quoting a hostile file). A sequence split across writes is dropped whole, and bytes
 * split inside a UTF-8 character are joined first; tabs are kept. Returns the function that
 * restores `stream`.
 * Only for streams that carry text to a person: never for the stream a TUI paints on.
 */
export function guardTerminalOutput(stream: GuardedStream): () => void {
  const original = stream.write as (...args: unknown[]) => boolean;
  const own = Object.prototype.hasOwnProperty.call(stream, 'write');
  const filter = new TerminalTextFilter({ keepTabs: true });
  const decoder = new StringDecoder('utf8');
  stream.write = function guardedWrite(
    this: unknown,
    chunk: unknown,
    encoding?: unknown,
    callback?: unknown,
  ): boolean {
    const done = typeof encoding === 'function' ? encoding : callback;
    const text =
      typeof chunk === 'string'
        ? typeof encoding === 'string' && !/^utf-?8$/i.test(encoding)
          ? decoder.write(Buffer.from(chunk, encoding as BufferEncoding))
          : decoder.write(Buffer.from(chunk, 'utf8'))
        : chunk instanceof Uint8Array
          ? decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          : String(chunk);
    return original.call(stream, filter.push(text), done);
  };
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    if (own) stream.write = original;
    else delete (stream as { write?: unknown }).write;
  };
}

/** C1 controls, DEL and the invisible or reordering characters JSON.stringify leaves raw. */
const JSON_RAW = /[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * `JSON.stringify(value)` with every character a terminal could act on written as a `\u` escape:
 * the same JSON value, safe to print and untouched by {@link guardTerminalOutput}.
 */
export function terminalSafeJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    JSON_RAW,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
