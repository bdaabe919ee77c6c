import { promises as fs } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { MAX_LOAD_LINE_BYTES } from './line-limits';
import type { LoadWarning, SessionEvent, SessionStartEvent } from './schema';
import { SessionLineParser, type ParsedEvents, type ParseOptions } from './session-line-parser';

/** A session read back from disk: every usable event in order, and why any line was skipped. */
export interface LoadedSession {
  id: string;
  path: string;
  /** The first `session_start` event, when the file has one. */
  start?: SessionStartEvent;
  events: SessionEvent[];
  warnings: LoadWarning[];
  /** Lines before the last checkpoint left unread (`fromLastCheckpoint`); absent: none. */
  omitted?: number;
  /** The prompts among `omitted` (see `ParsedEvents.omittedPrompts`); absent: none. */
  omittedPrompts?: number;
}

/**
 * Reads a session file. Never fails because of its content: a torn last line (a crash mid-write),
 * a corrupt, unknown, oversized (`MAX_LOAD_LINE_BYTES`) or too deeply nested line is skipped and
 * reported in `warnings`. The file is read in chunks, so no line or file size builds a giant
 * string. Rejects only when the file cannot be read at all. `options.fromLastCheckpoint` reads
 * what continuing the session needs instead of its whole history (see `ParseOptions`).
 */
export async function loadSession(
  file: string,
  options: ParseOptions = {},
): Promise<LoadedSession> {
  const parser = new SessionLineParser(options);
  await readLines(file, parser);
  const { events, warnings, omitted, omittedPrompts } = parser.end();
  const start = events.find((e): e is SessionStartEvent => e.type === 'session_start');
  return {
    id: path.basename(file).replace(/\.jsonl$/, ''),
    path: file,
    ...(start ? { start } : {}),
    events,
    warnings,
    ...(omitted === undefined ? {} : { omitted }),
    ...(omittedPrompts === undefined ? {} : { omittedPrompts }),
  };
}

const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * Feeds `parser` the file's lines, decoded a chunk at a time; a line past `MAX_LOAD_LINE_BYTES`
 * is dropped as it streams, never built.
 */
async function readLines(file: string, parser: SessionLineParser): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(READ_CHUNK_BYTES);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let oversized = false;
    const take = (text: string, last: boolean): void => {
      let from = 0;
      for (;;) {
        const newline = text.indexOf('\n', from);
        if (newline === -1) break;
        const line = text.slice(from, newline);
        if (oversized) parser.skipLine(TOO_LONG);
        else parser.pushLine(rest.length > 0 ? rest + line : line);
        rest = '';
        oversized = false;
        from = newline + 1;
      }
      if (!oversized) rest += text.slice(from);
      if (rest.length > MAX_LOAD_LINE_BYTES) {
        oversized = true;
        rest = '';
      }
      if (!last) return;
      if (oversized) parser.skipLine(TOO_LONG);
      else if (rest.length > 0) parser.pushLine(rest, true);
    };
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      take(decoder.write(buffer.subarray(0, bytesRead)), false);
    }
    take(decoder.end(), true);
  } finally {
    await handle.close();
  }
}

const TOO_LONG = `longer than ${MAX_LOAD_LINE_BYTES / (1024 * 1024)} MiB`;

/** Parses the text of a whole session file (the same rules as `loadSession`). */
export function parseSessionText(text: string, options: ParseOptions = {}): ParsedEvents {
  const parser = new SessionLineParser(options);
  parser.push(text);
  return parser.end();
}
