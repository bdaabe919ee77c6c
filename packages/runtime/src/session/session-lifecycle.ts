import type { SavedSession } from '../session-file/find-session';
import { adoptSavedSession, type AdoptingSession } from './adopt-saved-session';

/**
 * A session's life after it is built: continuing a saved session, starting over in a new one,
 * and closing (the turn interrupted, the servers told to end, the file flushed and closed).
 */
export class SessionLifecycle {
  constructor(private readonly session: AdoptingSession) {}

  /**
   * Continues a saved session: its conversation and its file, the tool-history mode it was
   * saved with (unless `--tool-history` says otherwise) and, by the one rule, its provider and
   * model unless the person chose them (`switchProvider`; false for the session it opens with).
   * Throws ConfigError when that provider cannot be made; the person's resume refuses while a
   * turn runs.
   */
  async resume(saved: SavedSession, how: { switchProvider: boolean }): Promise<void> {
    if (how.switchProvider && this.session.parts.gate.busy) throw new Error('a turn is running');
    await adoptSavedSession(this.session, saved, how);
  }

  /** Starts over in a new session (the old file is closed; the next prompt opens a new one). */
  async reset(): Promise<void> {
    const { parts, conversation } = this.session;
    await parts.file.close();
    conversation.messages = [];
    parts.resumed.clear();
    parts.person.clearEdits();
    parts.subagentTasks.replace([]);
    parts.meter.counted(undefined);
    parts.decisions.refresh();
  }

  /**
   * Interrupts a running turn, stops every MCP server, then flushes and closes the file.
   * `leaveQuestionsOpen`: the process is going away (SIGHUP when the terminal closes, SIGTERM),
   * not the person stopping the turn: a questionnaire still open is left unanswered in the
   * session file, so resuming offers it again, as after a crash.
   */
  async close(options: { leaveQuestionsOpen?: boolean } = {}): Promise<void> {
    const { parts } = this.session;
    if (options.leaveQuestionsOpen) parts.questions.leaveOpen();
    await parts.gate.interrupt();
    // Servers are told to end while the session file is flushed and closed, and end in the
    // background (bounded): closing never waits on a server's exit.
    await Promise.all([parts.mcpLink?.manager.close({ wait: false }), parts.file.close()]);
  }
}
