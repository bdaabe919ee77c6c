import { promises as fs } from 'node:fs';
import path from 'node:path';
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
 * a corrupt or unknown line is skipped and reported in `warnings`. Rejects only when the file
 * cannot be read at all.
 */
export async function loadSession(file: string): Promise<LoadedSession> {
  const { events, warnings } = parseSessionText((await fs.readFile(file)).toString('utf8'));
  const start = events.find((e): e is SessionStartEvent => e.type === 'session_start');
  return {
    id: path.basename(file).replace(/\.jsonl$/, ''),
    path: file,
    ...(start ? { start } : {}),
    events,
    warnings,
  };
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
