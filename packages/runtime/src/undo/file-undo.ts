import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { SessionEvent } from '@agent/session';
import { resolveInWorkspace } from '@agent/tools';
import { contentHash, readOrNull, type SnapshotStore } from './snapshot-store';

/** One agent edit: the turn (its user event id), the file, its content hash before and after. */
export interface FileEdit {
  turn: string;
  path: string;
  before: string | null;
  after: string | null;
}

export type UndoResult =
  { ok: true; turn: string; restored: string[] } | { ok: false; reason: string };

/**
 * The agent's edits of a session by turn, and `/undo`: the latest turn not yet undone goes
 * back to the snapshots taken before its first edit of each file. It refuses, changing nothing,
 * when a file no longer holds what the agent left (changed outside the agent since).
 */
export class FileHistory {
  private edits: FileEdit[] = [];
  private readonly undone = new Set<string>();

  constructor(
    private readonly store: SnapshotStore,
    private readonly workspaceRoot: string,
  ) {}

  /** Rebuilds the history from a saved session's events. */
  load(events: readonly SessionEvent[]): void {
    this.edits = [];
    this.undone.clear();
    let turn: string | undefined;
    for (const event of events) {
      if (event.type === 'user') turn = event.id;
      else if (event.type === 'file_snapshot' && turn !== undefined) {
        this.edits.push({ turn, path: event.path, before: event.before, after: event.after });
      } else if (event.type === 'undo') this.undone.add(event.turn);
    }
  }

  clear(): void {
    this.load([]);
  }

  add(edit: FileEdit): void {
    this.edits.push(edit);
  }

  /** Restores the last turn with edits not yet undone. */
  async undo(): Promise<UndoResult> {
    const turn = [...this.edits].reverse().find((edit) => !this.undone.has(edit.turn))?.turn;
    if (turn === undefined) {
      return {
        ok: false,
        reason: 'nothing to undo: the agent has not changed any file in this session',
      };
    }
    const files = new Map<string, { before: string | null; after: string | null }>();
    for (const edit of this.edits.filter((e) => e.turn === turn)) {
      const known = files.get(edit.path);
      files.set(edit.path, { before: known ? known.before : edit.before, after: edit.after });
    }
    const plan: Array<{ absolute: string; relative: string; content: Buffer | null }> = [];
    for (const [relative, { before, after }] of files) {
      const target = await resolveInWorkspace(this.workspaceRoot, relative);
      const current = await readOrNull(target.absolute);
      if ((current === null ? null : contentHash(current)) !== after) {
        return {
          ok: false,
          reason: `${relative} changed outside the agent since its edit; undoing would lose that change (nothing was restored)`,
        };
      }
      const content = before === null ? null : await this.store.load(before);
      if (content === undefined) {
        return {
          ok: false,
          reason: `the snapshot of ${relative} is missing from the agent home (nothing was restored)`,
        };
      }
      plan.push({ absolute: target.absolute, relative, content });
    }
    for (const { absolute, content } of plan) {
      if (content === null) await fs.rm(absolute, { force: true });
      else {
        await fs.mkdir(path.dirname(absolute), { recursive: true });
        await fs.writeFile(absolute, content);
      }
    }
    this.undone.add(turn);
    return { ok: true, turn, restored: plan.map((p) => p.relative) };
  }
}
