import type { SessionEvent, UndoEvent } from '../schema';
import { SessionReducer, type CallState } from '../session-reducer';
import { callEntry, keptCallEntry } from './call-entry';
import type { CallDisplay, CallEntry, TranscriptEntry } from './transcript-entry';

export interface TranscriptOptions extends CallDisplay {
  /**
   * The prompts before the first event folded in that a checkpoint replaced (see `replayWindow`);
   * a checkpoint folded in counts the prompts folded before it too.
   */
  earlierTurns?: number;
}

/**
 * The transcript of a session as typed entries, folded from its events in one pass: the live
 * view and every replay draw these. Built on `SessionReducer` (its call states). Each `apply`
 * returns the entries it added or changed (a call's entry is replaced by a new object when a
 * later event changes it), so a live view can follow it too; `finish` closes the calls a loaded
 * session left open.
 */
export class TranscriptReducer {
  private readonly list: TranscriptEntry[] = [];
  private readonly reducer = new SessionReducer();
  /** Where each call's entry is, by call id, with its state. */
  private readonly calls = new Map<string, { index: number; call: CallState }>();
  private readonly display: CallDisplay;
  /** The prompts before the next checkpoint: `earlierTurns`, then each one folded in. */
  private earlierTurns: number;
  /** An `/undo` recorded just before its prompt: live, only its result line shows. */
  private undone: UndoEvent | undefined;
  /** The prompt whose turn the next snapshots belong to. */
  private turn: string | undefined;
  /** Per turn, the files it edited, each with whether that turn created it. */
  private readonly turnFiles = new Map<string, Map<string, boolean>>();

  constructor(options: TranscriptOptions = {}) {
    this.display = {
      ...(options.cards ? { cards: options.cards } : {}),
      ...(options.titleOf ? { titleOf: options.titleOf } : {}),
    };
    this.earlierTurns = options.earlierTurns ?? 0;
  }

  get entries(): readonly TranscriptEntry[] {
    return this.list;
  }

  /** A call's entry as it stands now (its state, summary, whether it is a card), by call id. */
  call(id: string): CallEntry | undefined {
    const known = this.calls.get(id);
    return known ? (this.list[known.index] as CallEntry) : undefined;
  }

  /** Folds one event in; returns the entries it added or changed, in order. */
  apply(event: SessionEvent): TranscriptEntry[] {
    const opened = this.reducer.apply(event);
    switch (event.type) {
      case 'user': {
        this.earlierTurns++;
        this.turn = event.id;
        const undone = this.undone;
        this.undone = undefined;
        if (event.display === '/undo' && undone) return this.add(this.undoEntry(undone));
        if (event.shell) {
          const { command, status, summary, output } = event.shell;
          return this.add({ kind: 'shell', id: event.id, command, state: status, summary, output });
        }
        return this.add({
          kind: 'prompt',
          id: event.id,
          shown: event.display ?? event.text,
          sent: event.text,
          ...(event.display !== undefined ? { display: event.display } : {}),
          images: event.images ?? [],
          ...(event.amends ? { amends: { ...event.amends } } : {}),
        });
      }
      case 'undo':
        this.undone = event;
        return [];
      case 'file_snapshot': {
        if (this.turn === undefined) return [];
        const files = this.turnFiles.get(this.turn) ?? new Map<string, boolean>();
        this.turnFiles.set(this.turn, files);
        if (!files.has(event.path)) files.set(event.path, event.before === null);
        return [];
      }
      case 'assistant': {
        const added: TranscriptEntry[] = [];
        if (event.message.text.trim()) {
          added.push(...this.add({ kind: 'assistant', text: event.message.text }));
        }
        for (const call of opened) {
          this.calls.set(call.activity.id, { index: this.list.length, call });
          added.push(...this.add(this.entryOf(call)));
        }
        return added;
      }
      case 'tool_end':
      case 'tool_progress':
      case 'questionnaire_progress':
        return this.refresh(event.callId);
      case 'checkpoint': {
        const decisions = event.decisions ?? [];
        const added = this.add({
          kind: 'compaction',
          earlierTurns: this.earlierTurns,
          decisions: decisions.length,
        });
        for (const kept of decisions) {
          if (kept.amended === undefined) continue;
          added.push(
            ...this.add({ kind: 'amended', call: keptCallEntry(kept, kept.amended, this.display) }),
          );
        }
        return added;
      }
      case 'turn_end':
        return this.add({ kind: 'turn_end', reason: event.reason });
      case 'provider_change':
        return this.add({ kind: 'provider', provider: event.provider, model: event.model });
      case 'settings':
        return event.mode === undefined ? [] : this.add({ kind: 'mode', mode: event.mode });
      case 'subagent_task':
        return this.add({
          kind: 'subagent',
          callId: event.callId,
          taskId: event.taskId,
          state: event.done ? 'told' : 'asked',
        });
      case 'elicitation':
        return this.add({ kind: 'elicitation', event });
      default:
        return [];
    }
  }

  /**
   * The session was loaded and nothing more will come: each call without a `tool_end` is
   * `open` when the resumed turn offers it again (`offeredAgain`, by call id: see the runtime's
   * `ResumedTurn.openCalls`), else `interrupted`. Returns the entries it changed.
   */
  finish(offeredAgain: readonly string[] = []): TranscriptEntry[] {
    const changed: TranscriptEntry[] = [];
    for (const [id, { index, call }] of this.calls) {
      if (call.ended) continue;
      const closed = offeredAgain.includes(id) ? 'open' : 'interrupted';
      this.list[index] = callEntry(call.activity, call.steps, false, this.display, closed);
      changed.push(this.list[index]!);
    }
    return changed;
  }

  private undoEntry(undo: UndoEvent): TranscriptEntry {
    const created = (file: string) => this.turnFiles.get(undo.turn)?.get(file) === true;
    return {
      kind: 'undo',
      undo,
      restored: undo.paths.filter((file) => !created(file)),
      removed: undo.paths.filter(created),
    };
  }

  private add(entry: TranscriptEntry): TranscriptEntry[] {
    this.list.push(entry);
    return [entry];
  }

  private refresh(callId: string): TranscriptEntry[] {
    const known = this.calls.get(callId);
    if (!known) return [];
    this.list[known.index] = this.entryOf(known.call);
    return [this.list[known.index]!];
  }

  private entryOf(call: CallState): TranscriptEntry {
    return callEntry(call.activity, call.steps, call.ended, this.display);
  }
}
