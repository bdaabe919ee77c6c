import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { AgentMode } from '@agent/llm/config';
import {
  imageRef,
  type AssistantMessage,
  type CheckpointMessage,
  type ImageRef,
  type LoopEvent,
  type ToolActivity,
  type ToolHistoryMode,
} from '@agent/llm';
import { parseSessionText } from './load-session';
import { sessionEventForLoopEvent, toolEndEvent } from './loop-events';
import { sessionPath } from './paths';
import {
  SESSION_SCHEMA_VERSION,
  type CheckpointEvent,
  type ElicitationEvent,
  type PersonShellRecord,
  type QuestionnaireProgress,
  type SessionEvent,
  type SessionEventInput,
} from './schema';
import { SessionLineFile } from './session-line-file';
import { createSessionFile, openSessionFile } from './session-file-handle';
import { newSessionId } from './session-id';
import { toSessionLine } from './serialize';

export interface CreateSessionOptions {
  agentHome: string;
  cwd: string;
  provider: string;
  model: string;
  title?: string;
  /** A fixed id (tests, imports); otherwise a new time-sortable one. */
  id?: string;
  now?: () => Date;
  /**
   * Receives every write failure (disk full, file gone). Without it, the first failure is thrown
   * by the next `flush` or `close` instead. Each failure is delivered once.
   */
  onError?: (error: Error) => void;
  /**
   * Hears each event appended, as its line reads back (redacted, raw outputs dropped: what a
   * load of the file returns), so a live view can follow the file (see `TranscriptReducer`).
   */
  onAppend?: (event: SessionEvent) => void;
}

export interface OpenSessionOptions {
  now?: () => Date;
  /** As in `CreateSessionOptions`. */
  onError?: (error: Error) => void;
  /** As in `CreateSessionOptions`. */
  onAppend?: (event: SessionEvent) => void;
  /** The id of the last `user` event already in the file (see `lastUserEventId`). */
  lastUserEventId?: string;
}

/**
 * Appends events to one session file. `append` stamps and serializes at once (later mutation of
 * the caller's objects cannot leak in), hands the line to the OS shortly after, and `flush`
 * (called at each turn boundary and by `close`) writes what is left and fsyncs.
 */
export class SessionWriter {
  private readonly lines: SessionLineFile;
  /** The names of calls this writer saw open, until their `tool_end` (see `recordedTokens`). */
  private readonly callNames = new Map<string, string>();

  private constructor(
    readonly id: string,
    readonly path: string,
    /** None for a session that cannot be saved (see `unsaved`): its events are dropped. */
    file: fs.FileHandle | undefined,
    private readonly now: () => Date,
    onError: ((error: Error) => void) | undefined,
    unlock: () => Promise<void>,
    private readonly onAppend: ((event: SessionEvent) => void) | undefined,
  ) {
    this.lines = new SessionLineFile(path, file, onError, unlock);
  }

  private lastUser: string | undefined;

  /**
   * The id of the last `user` event of this file: the turn that edits of a continued turn (one
   * resumed without a new prompt) belong to.
   */
  get lastUserEventId(): string | undefined {
    return this.lastUser;
  }

  /** Whether events reach a file (false for an `unsaved` writer). */
  get saved(): boolean {
    return this.lines.saved;
  }

  /**
   * A writer for a session whose file cannot be created (a read-only or full AGENT_HOME): the
   * same id and records, but nothing is written, so the agent goes on without saving.
   */
  static unsaved(options: CreateSessionOptions): SessionWriter {
    const now = options.now ?? (() => new Date());
    const id = options.id ?? newSessionId(now());
    const path = sessionPath(options.agentHome, id);
    return new SessionWriter(
      id,
      path,
      undefined,
      now,
      options.onError,
      () => Promise.resolve(),
      options.onAppend,
    );
  }

  /** Creates a new session file and writes its `session_start` event (flushed). */
  static async create(options: CreateSessionOptions): Promise<SessionWriter> {
    const now = options.now ?? (() => new Date());
    const { id, file, handle, unlock } = await createSessionFile(
      options.agentHome,
      options.id,
      now,
    );
    const writer = new SessionWriter(
      id,
      file,
      handle,
      now,
      options.onError,
      unlock,
      options.onAppend,
    );
    const start: SessionEventInput = {
      type: 'session_start',
      cwd: options.cwd,
      provider: options.provider,
      model: options.model,
    };
    if (options.title !== undefined) start.title = options.title;
    writer.append(start);
    try {
      await writer.flush();
    } catch (error) {
      await writer.close().catch(() => undefined);
      throw error;
    }
    return writer;
  }

  /**
   * Opens an existing session file to continue it (resume). A torn last line is fenced off.
   * Throws `SessionLockedError` while another live process appends to it.
   */
  static async open(file: string, options: OpenSessionOptions = {}): Promise<SessionWriter> {
    const { handle, unlock } = await openSessionFile(file);
    const id = path.basename(file).replace(/\.jsonl$/, '');
    const writer = new SessionWriter(
      id,
      file,
      handle,
      options.now ?? (() => new Date()),
      options.onError,
      unlock,
      options.onAppend,
    );
    writer.lastUser = options.lastUserEventId;
    return writer;
  }

  /** Stamps `input` with version, id and time, and queues it. Returns the stamped event. */
  append(input: SessionEventInput): SessionEvent {
    const { type, ...fields } = input;
    const event = {
      v: SESSION_SCHEMA_VERSION,
      type,
      id: randomBytes(6).toString('hex'),
      ts: this.now().toISOString(),
      ...fields,
    } as SessionEvent;
    this.appendEvent(event);
    return event;
  }

  /** Queues an already stamped event as it is (redacted, raw outputs dropped). */
  appendEvent(event: SessionEvent): void {
    if (this.lines.closed) throw new Error(`session ${this.id} is closed`);
    if (event.type === 'assistant') {
      for (const call of event.message.toolCalls) this.callNames.set(call.id, call.name);
    }
    let line: string;
    try {
      line = toSessionLine(event, (id) => this.callNames.get(id));
    } catch (error) {
      this.lines.fail(error as Error);
      return;
    } finally {
      if (event.type === 'tool_end') this.callNames.delete(event.callId);
    }
    this.lines.push(`${line}\n`);
    if (event.type === 'user') this.lastUser = event.id;
    // A line the loader would skip (too long, say) is skipped here too, as a replay skips it.
    if (this.onAppend) for (const read of parseSessionText(line).events) this.onAppend(read);
  }

  /** A person's message; its `images` are recorded by reference only, never their bytes. */
  recordUser(
    text: string,
    display?: string,
    amends?: { callId: string; output: string },
    images?: readonly ImageRef[],
  ): SessionEvent {
    return this.append({
      type: 'user',
      text,
      ...(display === undefined ? {} : { display }),
      ...(amends === undefined ? {} : { amends: { ...amends } }),
      ...(images?.length ? { images: images.map(imageRef) } : {}),
    });
  }

  /**
   * A command the person ran (`!cmd`): `text` is how the model reads it, `shell` how it ended
   * and what the person saw.
   */
  recordPersonShell(text: string, shell: PersonShellRecord): SessionEvent {
    return this.append({ type: 'user', text, display: `!${shell.command}`, shell: { ...shell } });
  }

  /** An agent edit of `path` (relative to `workspace`, the root it was made in, when given). */
  recordFileSnapshot(
    path: string,
    before: string | null,
    after: string | null,
    workspace?: string,
  ): SessionEvent {
    return this.append(
      workspace === undefined
        ? { type: 'file_snapshot', path, before, after }
        : { type: 'file_snapshot', path, before, after, workspace },
    );
  }

  recordUndo(turn: string, paths: string[]): SessionEvent {
    return this.append({ type: 'undo', turn, paths });
  }

  recordAssistant(message: AssistantMessage): SessionEvent {
    return this.append({ type: 'assistant', message });
  }

  recordToolEnd(activity: ToolActivity): SessionEvent {
    this.callNames.set(activity.id, activity.name);
    return this.append(toolEndEvent(activity));
  }

  /** A compaction checkpoint: its summary, and its decision ledger when given the message. */
  recordCheckpoint(checkpoint: CheckpointMessage | string): SessionEvent {
    if (typeof checkpoint === 'string')
      return this.append({ type: 'checkpoint', summary: checkpoint });
    const event: Omit<CheckpointEvent, 'v' | 'id' | 'ts'> = {
      type: 'checkpoint',
      summary: checkpoint.summary,
    };
    if (checkpoint.decisions && checkpoint.decisions.length > 0) {
      event.decisions = structuredClone(checkpoint.decisions);
    }
    return this.append(event);
  }

  recordProviderChange(provider: string, model: string): SessionEvent {
    return this.append({ type: 'provider_change', provider, model });
  }

  /**
   * What the person has answered so far in the open questionnaire of call `callId` (see
   * `QuestionnaireProgressEvent`). Unlike other events it is written and fsynced at once: the
   * promise resolves when the answer is on disk, so a crash (kill -9) right after loses nothing.
   * Rejects as `flush` does.
   */
  async recordQuestionnaireProgress(
    callId: string,
    progress: QuestionnaireProgress,
  ): Promise<SessionEvent> {
    const event = this.append({
      type: 'questionnaire_progress',
      callId,
      answers: progress.answers,
      custom: progress.custom,
      ...(progress.later?.length ? { later: progress.later } : {}),
    });
    await this.flush();
    return event;
  }

  /** An MCP server's question and how it ended (see `ElicitationEvent`). */
  recordElicitation(event: Omit<ElicitationEvent, 'v' | 'id' | 'ts'>): SessionEvent {
    return this.append(event);
  }

  recordSettings(settings: { toolHistory?: ToolHistoryMode; mode?: AgentMode }): SessionEvent {
    return this.append({ type: 'settings', ...settings });
  }

  /**
   * Records a tool loop event: the assistant message when complete, one `tool_end` per call;
   * `turn_end` flushes. Streaming deltas and progress are not recorded.
   */
  recordLoopEvent(event: LoopEvent): void {
    if (event.type === 'tool_end') this.recordToolEnd(event.activity);
    else {
      const input = sessionEventForLoopEvent(event);
      if (input) this.append(input);
    }
    if (event.type === 'turn_end') this.lines.sync();
  }

  /** Writes everything queued and fsyncs. Rejects with a failure not delivered to `onError`. */
  flush(): Promise<void> {
    return this.lines.flush();
  }

  /** Flushes and closes the file. Later appends throw. */
  close(): Promise<void> {
    return this.lines.close();
  }
}
