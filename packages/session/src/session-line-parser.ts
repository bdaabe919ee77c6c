import { jsonDeeperThan, MAX_JSON_DEPTH, MAX_LOAD_LINE_BYTES } from './line-limits';
import { migrateEvent } from './migrate';
import {
  SESSION_SCHEMA_VERSION,
  type LoadWarning,
  type SessionEvent,
  type SessionEventType,
} from './schema';

export interface ParsedEvents {
  events: SessionEvent[];
  warnings: LoadWarning[];
  /**
   * Lines before the last checkpoint that were not read (`fromLastCheckpoint`): the model's
   * responses and tool records the checkpoint replaced. Absent when every line was read.
   */
  omitted?: number;
  /**
   * The prompts (`user` lines) among `omitted`: the turns the checkpoint replaced that a replay
   * counts (see `replayWindow`). Absent when none was left unread.
   */
  omittedPrompts?: number;
}

export interface ParseOptions {
  /**
   * Read what continuing the session needs, not its whole history: every event from the last
   * valid checkpoint on and, before it, only the events of `KEPT_BEFORE_CHECKPOINT` (the
   * session's facts, the prompts, file edits and undos). The other lines before it are not parsed
   * (they are counted in `omitted`), so a corrupt one among them is not reported. The projection
   * (`projectSession`) of what this returns equals that of the whole file: a checkpoint replaces
   * every message before it, and its decision ledger carries the exact ask_user answers. A
   * checkpoint line that cannot be read is skipped with a warning, as always, and the previous
   * checkpoint (or the file's start) is where reading starts instead.
   */
  fromLastCheckpoint?: boolean;
  /**
   * With `fromLastCheckpoint`: the events read from before the checkpoint (default
   * `KEPT_BEFORE_CHECKPOINT`). `SESSION_FACTS` alone is what the next request needs: a front end
   * that recalls no earlier prompts and offers no undo (headless) skips parsing the rest.
   */
  keepBeforeCheckpoint?: ReadonlySet<SessionEventType>;
}

/** The session's facts (where, on which provider and model, with which settings). */
export const SESSION_FACTS: ReadonlySet<SessionEventType> = new Set<SessionEventType>([
  'session_start',
  'provider_change',
  'settings',
]);

/** What a resumed session reads from before its last checkpoint (see `fromLastCheckpoint`). */
export const KEPT_BEFORE_CHECKPOINT: ReadonlySet<SessionEventType> = new Set<SessionEventType>([
  ...SESSION_FACTS,
  'user',
  'file_snapshot',
  'undo',
  // A subagent still waiting for answers can be resumed after any number of compactions.
  'subagent_task',
]);

/**
 * The type of a line as the writer lays it out (`{"v":1,"type":"assistant",...`), read without
 * parsing it. Lines laid out otherwise (older writers, hand edits) are parsed to be sure.
 */
const WRITTEN_TYPE = /^\{"v":\d{1,4},"type":"([a-z_]{1,40})"/;

/** A line after the last checkpoint so far: parsed, or kept as text until it is known to be needed. */
interface Pending {
  line: number;
  /** The type of an unparsed line, as the writer laid it out. */
  type?: SessionEventType;
  text?: string;
  last?: boolean;
  event?: SessionEvent;
}

/** Incremental JSONL parser: feed text in any pieces, or whole lines, then `end()`. */
export class SessionLineParser {
  private readonly events: SessionEvent[] = [];
  private readonly warnings: LoadWarning[] = [];
  /** With `fromLastCheckpoint`: the lines from the last checkpoint on (or from the start). */
  private readonly since: Pending[] | undefined;
  private readonly kept: ReadonlySet<SessionEventType>;
  private omitted = 0;
  private omittedPrompts = 0;
  private rest = '';
  private line = 0;
  private warnedNewer = false;
  private started = false;

  constructor(options: ParseOptions = {}) {
    if (options.fromLastCheckpoint) this.since = [];
    this.kept = options.keepBeforeCheckpoint ?? KEPT_BEFORE_CHECKPOINT;
  }

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
      this.accept(line, false);
    }
  }

  /** One whole line (no newline); `last` when the file ended without one (maybe torn). */
  pushLine(text: string, last = false): void {
    this.line++;
    if (this.line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    this.started = true;
    this.accept(text, last);
  }

  /** A line not read at all (too long), reported as skipped. */
  skipLine(why: string): void {
    this.line++;
    this.warnings.push({ line: this.line, reason: `${why}, skipped` });
  }

  /** The events parsed so far (complete lines only; without `fromLastCheckpoint`). */
  peek(): readonly SessionEvent[] {
    return this.events;
  }

  end(): ParsedEvents {
    if (this.rest.length > 0) {
      this.line++;
      this.accept(this.rest, true);
      this.rest = '';
    }
    if (!this.since) return { events: this.events, warnings: this.warnings };
    for (const pending of this.since) {
      const event = pending.event ?? this.parse(pending.text!, pending.line, pending.last!);
      if (event) this.events.push(event);
    }
    this.since.length = 0;
    this.warnings.sort((a, b) => a.line - b.line);
    return {
      events: this.events,
      warnings: this.warnings,
      ...(this.omitted > 0 ? { omitted: this.omitted } : {}),
      ...(this.omittedPrompts > 0 ? { omittedPrompts: this.omittedPrompts } : {}),
    };
  }

  private accept(text: string, last: boolean): void {
    if (!this.since) {
      const event = this.parse(text, this.line, last);
      if (event) this.events.push(event);
      return;
    }
    const written = WRITTEN_TYPE.exec(text)?.[1] as SessionEventType | undefined;
    if (written !== undefined && written !== 'checkpoint' && !this.kept.has(written)) {
      // Parsed only if no checkpoint follows it.
      this.since.push({ line: this.line, type: written, text, last });
      return;
    }
    const event = this.parse(text, this.line, last);
    if (!event) return;
    if (event.type === 'checkpoint') this.restartAt(event);
    else this.since.push({ line: this.line, event });
  }

  /** A checkpoint replaces what came before it: keep only the events a resume needs from there. */
  private restartAt(checkpoint: SessionEvent): void {
    const since = this.since!;
    for (const pending of since) {
      if (pending.event && this.kept.has(pending.event.type)) {
        this.events.push(pending.event);
      } else {
        this.omitted++;
        if ((pending.event?.type ?? pending.type) === 'user') this.omittedPrompts++;
      }
    }
    since.length = 0;
    since.push({ line: this.line, event: checkpoint });
  }

  /** The event of one line, or undefined with a warning saying why it was skipped. */
  private parse(text: string, line: number, last: boolean): SessionEvent | undefined {
    if (text.trim().length === 0) return undefined;
    if (text.length > MAX_LOAD_LINE_BYTES) {
      this.warnings.push({
        line,
        reason: `longer than ${MAX_LOAD_LINE_BYTES / (1024 * 1024)} MiB, skipped`,
      });
      return undefined;
    }
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      this.warnings.push({ line, reason: `nested deeper than ${MAX_JSON_DEPTH} levels, skipped` });
      return undefined;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      this.warnings.push({
        line,
        reason: last
          ? 'torn last line (the write was cut off), skipped'
          : `invalid JSON, skipped: ${(error as Error).message}`,
      });
      return undefined;
    }
    const result = migrateEvent(raw);
    if (!result.ok) {
      this.warnings.push({ line, reason: `${result.reason}, skipped` });
      return undefined;
    }
    if (result.newer && !this.warnedNewer) {
      this.warnedNewer = true;
      this.warnings.push({
        line,
        reason: `written by a newer version (schema ${String(result.event.v)}, this one reads ${SESSION_SCHEMA_VERSION}); unknown fields are ignored`,
      });
    }
    return result.event;
  }
}
