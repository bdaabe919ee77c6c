import type { Provider, ToolHistoryMode } from '@agent/llm';
import { SessionWriter, type SessionEvent, type SessionEventInput } from '@agent/session';
import type { AgentSessionOptions } from '../session/agent-session-options';
import type { AgentMode } from '../modes/agent-mode';
import { realCause, saveProblemText } from './save-problem';

/** What a new session file starts with: the provider and model, the tool-history mode, the mode. */
export interface SessionFileSubject {
  readonly provider: Provider;
  readonly toolHistory: ToolHistoryMode;
  readonly agentMode: AgentMode;
}

/** What follows the open file: each file opened (with the events it has), each event recorded. */
export interface FileFollower {
  opened(events: readonly SessionEvent[], offeredAgain?: readonly string[]): void;
  recorded(event: SessionEvent): void;
}

/**
 * The session's file: created when first needed (events recorded before then join its first
 * lines), or an existing one opened on resume; flushed and closed without throwing. The first
 * save failure (a full disk, a read-only AGENT_HOME, no permission) goes to `onError` once,
 * naming the cause and saying the session is not saved; the session then goes on without saving
 * (a file it cannot create is none).
 */
export class SessionFile {
  private writer: SessionWriter | undefined;
  /** The file being created: a second `ensure` (or `close`) meanwhile waits for it. */
  private creating: Promise<SessionWriter> | undefined;
  /** Session events that arrived before the session file existed. */
  private early: SessionEventInput[] = [];
  private problem: Error | undefined;

  /** Follow the open file's events (see `follow`). */
  private readonly followers: FileFollower[] = [];

  constructor(
    private readonly subject: SessionFileSubject,
    private readonly options: Pick<AgentSessionOptions, 'agentHome' | 'workspaceRoot'>,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Tells `follower` every event this file records from now on, and each file opened. */
  follow(follower: FileFollower): void {
    this.followers.push(follower);
  }

  private readonly appended = (event: SessionEvent): void => {
    for (const follower of this.followers) follower.recorded(event);
  };

  private opened(events: readonly SessionEvent[], offeredAgain?: readonly string[]): void {
    for (const follower of this.followers) follower.opened(events, offeredAgain);
  }

  /** The open file's writer, if a file is open. */
  get current(): SessionWriter | undefined {
    return this.writer;
  }

  /** Why the session is not saved (its first save failure), or undefined while it is. */
  get saveProblem(): Error | undefined {
    return this.problem;
  }

  /** Reports the first save failure (once: a full disk fails every write after it). */
  readonly failed = (error: Error): void => {
    if (this.problem) return;
    this.problem = new Error(saveProblemText(error, this.options.agentHome), { cause: error });
    this.onError(this.problem);
  };

  /** The open file's writer, creating the file first when none is open. */
  async ensure(): Promise<SessionWriter> {
    if (this.writer) return this.writer;
    this.creating ??= this.create().finally(() => (this.creating = undefined));
    return this.creating;
  }

  private async create(): Promise<SessionWriter> {
    const options = {
      agentHome: this.options.agentHome,
      cwd: this.options.workspaceRoot,
      provider: this.subject.provider.id,
      model: this.subject.provider.model,
      onError: this.failed,
      onAppend: this.appended,
    };
    this.opened([]);
    try {
      this.writer = await SessionWriter.create(options);
    } catch (error) {
      // A recursive mkdir says ENOENT for a read-only file system: name the real cause.
      this.failed(await realCause(error as Error));
      this.writer = SessionWriter.unsaved(options);
    }
    const { toolHistory, agentMode } = this.subject;
    if (toolHistory !== 'full' || agentMode !== 'default') {
      this.writer.recordSettings({
        ...(toolHistory !== 'full' ? { toolHistory } : {}),
        ...(agentMode !== 'default' ? { mode: agentMode } : {}),
      });
    }
    for (const event of this.early.splice(0)) this.writer.append(event);
    return this.writer;
  }

  /**
   * Opens a saved session's file, whose `events` were loaded, to continue it (a file still open
   * is closed first); `offeredAgain`: the open calls the resumed turn offers again (see
   * `LiveTranscript.opened`). Events recorded while no file was open join it.
   */
  async open(
    path: string,
    events: readonly SessionEvent[],
    offeredAgain: readonly string[] = [],
  ): Promise<SessionWriter> {
    await (await this.takeWriter())?.close().catch(this.failed);
    const lastUser = events.findLast((event) => event.type === 'user');
    this.opened(events, offeredAgain);
    this.writer = await SessionWriter.open(path, {
      onError: this.failed,
      onAppend: this.appended,
      ...(lastUser ? { lastUserEventId: lastUser.id } : {}),
    });
    for (const event of this.early.splice(0)) this.writer.append(event);
    return this.writer;
  }

  /**
   * Continues a saved session's file (see `open`; `now.offeredAgain`: the open calls the resumed
   * turn offers again) and records what differs from the saved session now: another provider or
   * model, another tool-history mode, another mode.
   */
  async continueSaved(
    saved: { path: string; events: readonly SessionEvent[] },
    was: { provider?: string; model?: string; toolHistory?: ToolHistoryMode; mode?: AgentMode },
    now: {
      provider: Provider;
      toolHistory: ToolHistoryMode;
      agentMode: AgentMode;
      offeredAgain: readonly string[];
    },
  ): Promise<void> {
    const writer = await this.open(saved.path, saved.events, now.offeredAgain);
    if (was.provider !== now.provider.id || was.model !== now.provider.model) {
      writer.recordProviderChange(now.provider.id, now.provider.model);
    }
    if (now.toolHistory !== (was.toolHistory ?? 'full')) {
      writer.recordSettings({ toolHistory: now.toolHistory });
    }
    if (now.agentMode !== (was.mode ?? 'default')) writer.recordSettings({ mode: now.agentMode });
  }

  /** Records `event` in the session file, or with the file's first lines once it exists. */
  record(event: SessionEventInput): void {
    if (this.writer) this.writer.append(event);
    else this.early.push(event);
  }

  /** Writes what `writer` (the open file's by default) has buffered. */
  async flush(writer: SessionWriter | undefined = this.writer): Promise<void> {
    await writer?.flush().catch(this.failed);
  }

  /** Flushes and closes the open file, also one still being created. */
  async close(): Promise<void> {
    const writer = await this.takeWriter();
    this.opened([]);
    await writer?.close().catch(this.failed);
  }

  /** The open file's writer, no longer the open one; waits for a file being created. */
  private async takeWriter(): Promise<SessionWriter | undefined> {
    if (this.creating) await this.creating.catch(() => undefined);
    const writer = this.writer;
    this.writer = undefined;
    return writer;
  }
}
