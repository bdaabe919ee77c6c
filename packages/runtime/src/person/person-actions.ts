import type { Message } from '@agent/llm';
import { personShellEnding, type SessionEvent } from '@agent/session';
import type { PersonChannel, Tool, ToolResult } from '@agent/tools';
import type { AgentSessionOptions } from '../session/agent-session-options';
import { personShellText, runPersonShell } from './person-shell';
import type { SessionFile } from '../session-file/session-file';
import type { TurnGate } from '../turn/turn-gate';
import { FileHistory, type UndoResult } from '../undo/file-undo';
import { ContentStore } from '../workspace/content-store';
import { SNAPSHOT_TOOL_NAMES, withSnapshots } from '../undo/snapshot-tools';

/** How a person's shell command ended: the shell tool's result, and whether it was interrupted. */
export interface PersonShellResult extends ToolResult {
  interrupted: boolean;
}

/** The conversation the person's actions join. */
export interface PersonConversation {
  messages: Message[];
}

/**
 * What the person does outside a model turn: `!cmd` shell commands, and `/undo` of the agent's
 * file edits, whose snapshots it keeps as the turns make them.
 */
export class PersonActions {
  private readonly store: ContentStore;
  private readonly files: FileHistory;

  constructor(
    private readonly conversation: PersonConversation,
    private readonly options: Pick<AgentSessionOptions, 'agentHome' | 'workspaceRoot' | 'onEvent'>,
    private readonly context: {
      gate: TurnGate;
      file: SessionFile;
      person: PersonChannel;
    },
  ) {
    this.store = new ContentStore(options.agentHome, 'snapshots');
    this.files = new FileHistory(this.store, options.workspaceRoot);
  }

  /** `tool`, snapshotting the files it edits when `/undo` can take its edits back. */
  wrapTool(tool: Tool): Tool {
    return SNAPSHOT_TOOL_NAMES.has(tool.name)
      ? withSnapshots(tool, this.store, (path, before, after) =>
          this.snapshotTaken(path, before, after),
        )
      : tool;
  }

  /** Rebuilds the edits `/undo` can take back from a saved session's events. */
  loadEdits(events: readonly SessionEvent[]): void {
    this.files.load(events);
  }

  clearEdits(): void {
    this.files.clear();
  }

  /**
   * Runs a command the person typed (`!cmd`) through the shell tool, without a model turn and
   * without asking permission; Esc/Ctrl+C (interrupt) kill its process group. Its progress is
   * reported as tool events; command and output join the conversation (see recordShell).
   */
  async runShell(command: string): Promise<PersonShellResult> {
    const { gate, file } = this.context;
    const { running, finish } = gate.start();
    try {
      const writer = await file.ensure();
      const result = await runPersonShell(command, {
        signal: running.abort.signal,
        workspaceRoot: this.options.workspaceRoot,
        person: this.context.person,
        onEvent: this.options.onEvent,
      });
      this.recordShell(command, result.output, running.abort.signal.aborted);
      await file.flush(writer);
      return { ...result, interrupted: running.abort.signal.aborted };
    } finally {
      finish();
    }
  }

  /**
   * Adds a command the person ran and its output to the conversation (recorded in the session,
   * with how it ended as data) so the model sees both with the next prompt. `aborted`: the person
   * interrupted it.
   */
  recordShell(command: string, output: string, aborted = false): void {
    const text = personShellText(command, output);
    this.context.file.current?.recordPersonShell(text, personShellEnding(command, output, aborted));
    this.append(text);
  }

  /**
   * `/undo`: restores the files the agent changed in the last turn not yet undone (repeated,
   * the turn before), recorded in the session; refuses while a turn runs or when a file changed
   * outside the agent since. The model is told which files went back.
   */
  async undo(): Promise<UndoResult> {
    if (this.context.gate.busy) {
      return { ok: false, reason: 'Nothing undone: a turn is running.' };
    }
    const result = await this.files.undo();
    if (!result.ok) return result;
    const { file } = this.context;
    const writer = await file.ensure();
    writer.recordUndo(result.turn, [...result.restored, ...result.removed]);
    const text = undoneText(result.restored, result.removed);
    writer.recordUser(text, '/undo');
    this.append(text);
    await file.flush(writer);
    return result;
  }

  private append(text: string): void {
    this.conversation.messages = [...this.conversation.messages, { role: 'user', text }];
  }

  private snapshotTaken(path: string, before: string | null, after: string | null): void {
    const writer = this.context.file.current;
    const turn = this.context.gate.current?.turnId;
    if (!writer || turn === undefined) return;
    const workspace = this.options.workspaceRoot;
    writer.recordFileSnapshot(path, before, after, workspace);
    this.files.add({ turn, workspace, path, before, after });
  }
}

/** How an undo reads to the model: which files are back as before, which are gone again. */
export function undoneText(restored: readonly string[], removed: readonly string[]): string {
  const parts: string[] = [];
  if (restored.length > 0) {
    parts.push(
      `${restored.join(', ')} ${restored.length === 1 ? 'is' : 'are'} back as before that turn`,
    );
  }
  if (removed.length > 0) {
    parts.push(
      `${removed.join(', ')} ${removed.length === 1 ? 'is' : 'are'} deleted again (that turn created ${removed.length === 1 ? 'it' : 'them'})`,
    );
  }
  return `I undid your file changes of an earlier turn: ${parts.join('; ')}.`;
}
