import { promises as fs } from 'node:fs';
import path from 'node:path';
import { jsonDeeperThan, MAX_JSON_DEPTH, MAX_LOAD_LINE_BYTES } from './line-limits';
import { migrateEvent } from './migrate';
import {
  SESSION_SCHEMA_VERSION,
  type LoadWarning,
  type SessionEvent,
  type SessionStartEvent,
} from './schema';

/** A session read back from disk: every usable event in order, and why any line was skipped. */
export interface LoadedSession {
  id: string;
  path: string;
  /** The first `session_start` event, when the file has one. */
  start?: SessionStartEvent;
  events: SessionEvent[];
  warnings: LoadWarning[];
}

export interface ParsedEvents {
  events: SessionEvent[];
  warnings: LoadWarning[];
}

/**
 * Reads a session file. Never fails because of its content: a torn last line (a crash mid-write),
 * a corrupt, unknown, oversized (`MAX_LOAD_LINE_BYTES`) or too deeply nested line is skipped and
 * reported in `warnings`. The file is read in chunks, so no line or file size builds a giant
 * string. Rejects only when the file cannot be read at all.
 */
export async function loadSession(file: string): Promise<LoadedSession> {
  const parser = new SessionLineParser();
  await readLines(file, parser);
  const { events, warnings } = parser.end();
  const start = events.find((e): e is SessionStartEvent => e.type === 'session_start');
  return {
    id: path.basename(file).replace(/\.jsonl$/, ''),
    path: file,
    ...(start ? { start } : {}),
    events,
    warnings,
  };
}

const READ_CHUNK_BYTES = 1024 * 1024;

/** Feeds `parser` the file's lines; a line past `MAX_LOAD_LINE_BYTES` is dropped as it streams. */
async function readLines(file: string, parser: SessionLineParser): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(READ_CHUNK_BYTES);
    let parts: Buffer[] = [];
    let size = 0;
    let oversized = false;
    const endLine = (last: boolean): void => {
      if (oversized) parser.skipLine(`longer than ${MAX_LOAD_LINE_BYTES / (1024 * 1024)} MiB`);
      else if (size > 0 || !last)
        parser.pushLine(Buffer.concat(parts, size).toString('utf8'), last);
      parts = [];
      size = 0;
      oversized = false;
    };
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      let from = 0;
      while (from < bytesRead) {
        const newline = buffer.indexOf(0x0a, from);
        const to = newline === -1 || newline >= bytesRead ? bytesRead : newline;
        if (!oversized) {
          size += to - from;
          if (size > MAX_LOAD_LINE_BYTES) {
            oversized = true;
            parts = [];
          } else {
            parts.push(Buffer.from(buffer.subarray(from, to)));
          }
        }
        if (to === bytesRead) break;
        endLine(false);
        from = to + 1;
      }
    }
    if (size > 0 || oversized) endLine(true);
  } finally {
    await handle.close();
  }
}

/** Parses the text of a whole session file (the same rules as `loadSession`). */
export function parseSessionText(text: string): ParsedEvents {
  const parser = new SessionLineParser();
  parser.push(text);
  return parser.end();
}

/** Incremental JSONL parser: feed text in any pieces, then `end()`. */
export class SessionLineParser {
  private readonly events: SessionEvent[] = [];
  private readonly warnings: LoadWarning[] = [];
  private rest = '';
  private line = 0;
  private warnedNewer = false;
  private started = false;

  push(text: string): void {
    if (text.length === 0) return;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const lines = (this.rest.length > 0 ? this.rest + text : text).split('\n');
    this.rest = lines.pop()!;
    for (const line of lines) {
      this.line++;
      this.take(line, false);
    }
  }

  /** One whole line (no newline); `last` when the file ended without one (maybe torn). */
  pushLine(text: string, last = false): void {
    this.line++;
    if (this.line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    this.started = true;
    this.take(text, last);
  }

  /** A line not read at all (too long), reported as skipped. */
  skipLine(why: string): void {
    this.line++;
    this.warnings.push({ line: this.line, reason: `${why}, skipped` });
  }

  /** The events parsed so far (complete lines only). */
  peek(): readonly SessionEvent[] {
    return this.events;
  }

  end(): ParsedEvents {
    if (this.rest.length > 0) {
      this.line++;
      this.take(this.rest, true);
      this.rest = '';
    }
    return { events: this.events, warnings: this.warnings };
  }

  private take(text: string, last: boolean): void {
    if (text.trim().length === 0) return;
    if (text.length > MAX_LOAD_LINE_BYTES) {
      this.warnings.push({
        line: this.line,
        reason: `longer than ${MAX_LOAD_LINE_BYTES / (1024 * 1024)} MiB, skipped`,
      });
      return;
    }
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      this.warnings.push({
        line: this.line,
        reason: `nested deeper than ${MAX_JSON_DEPTH} levels, skipped`,
      });
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      this.warnings.push({
        line: this.line,
        reason: last
          ? 'torn last line (the write was cut off), skipped'
          : `invalid JSON, skipped: ${(error as Error).message}`,
      });
      return;
    }
    const result = migrateEvent(raw);
    if (!result.ok) {
      this.warnings.push({ line: this.line, reason: `${result.reason}, skipped` });
      return;
    }
    if (result.newer && !this.warnedNewer) {
      this.warnedNewer = true;
      this.warnings.push({
        line: this.line,
        reason: `written by a newer version (schema ${String(result.event.v)}, this one reads ${SESSION_SCHEMA_VERSION}); unknown fields are ignored`,
      });
    }
    this.events.push(result.event);
  }
}
