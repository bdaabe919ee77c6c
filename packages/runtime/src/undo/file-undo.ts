import { constants as fsConstants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { SessionEvent } from '@agent/session';
import { resolveInWorkspace } from '@agent/tools';
import { sameDirectory } from '../workspace/workspace-change';
import { contentHash, readOrNull, type ContentStore } from '../workspace/content-store';

/**
 * One agent edit: the turn (its user event id), the workspace root it was made in, the file
 * (relative to that root), its content hash before and after.
 */
export interface FileEdit {
  turn: string;
  workspace: string;
  path: string;
  before: string | null;
  after: string | null;
}

/**
 * What `/undo` did: files put back as they were before the turn (`restored`) and files the turn
 * had created, deleted again (`removed`); or, when it changed nothing, why, as one sentence.
 */
export type UndoResult =
  { ok: true; turn: string; restored: string[]; removed: string[] } | { ok: false; reason: string };

/** When no turn has edits left to undo (none made, or all undone already). */
export const NOTHING_TO_UNDO = 'Nothing to undo: no file changes left from earlier turns.';

/**
 * The agent's edits of a session by turn, and `/undo`: the latest turn not yet undone goes
 * back to the snapshots taken before its first edit of each file. It refuses, changing nothing,
 * when a file no longer holds what the agent left (changed outside the agent since).
 */
export class FileHistory {
  private edits: FileEdit[] = [];
  private readonly undone = new Set<string>();

  constructor(
    private readonly store: ContentStore,
    private readonly workspaceRoot: string,
  ) {}

  /** Rebuilds the history from a saved session's events. */
  load(events: readonly SessionEvent[]): void {
    this.edits = editsOf(events, this.workspaceRoot);
    this.undone.clear();
    for (const event of events) if (event.type === 'undo') this.undone.add(event.turn);
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
      return { ok: false, reason: NOTHING_TO_UNDO };
    }
    const elsewhere = this.edits.find(
      (edit) => edit.turn === turn && !sameDirectory(edit.workspace, this.workspaceRoot),
    );
    if (elsewhere) {
      return {
        ok: false,
        reason: `Nothing undone: the last turn's edits were made in ${elsewhere.workspace}, not in this workspace (${this.workspaceRoot}); run /undo from ${elsewhere.workspace}.`,
      };
    }
    const files = turnFiles(this.edits, turn);
    const plan: Array<{ absolute: string; relative: string; content: Buffer | null }> = [];
    for (const [relative, { before, after }] of files) {
      const target = await resolveInWorkspace(this.workspaceRoot, relative);
      const current = await readOrNull(target.absolute);
      if ((current === null ? null : contentHash(current)) !== after) {
        return {
          ok: false,
          reason: `Nothing undone: ${relative} changed outside the agent since its edit; undoing would lose that change.`,
        };
      }
      if (await hasOtherLinks(target.absolute)) {
        return {
          ok: false,
          reason: `Nothing undone: ${relative} is now a hard link shared with another file; writing it would change that file too.`,
        };
      }
      const content = before === null ? null : await this.store.load(before);
      if (content === undefined) {
        return {
          ok: false,
          reason: `Nothing undone: the snapshot of ${relative} is missing from the agent home.`,
        };
      }
      plan.push({ absolute: target.absolute, relative, content });
    }
    for (const { absolute, content } of plan) {
      if (content === null) await fs.rm(absolute, { force: true });
      else {
        await fs.mkdir(path.dirname(absolute), { recursive: true });
        await writeOwnFile(absolute, content);
      }
    }
    this.undone.add(turn);
    return {
      ok: true,
      turn,
      restored: plan.filter((p) => p.content !== null).map((p) => p.relative),
      removed: plan.filter((p) => p.content === null).map((p) => p.relative),
    };
  }
}

/** Whether the file at `absolute` has more than one name (a hard link swapped in). */
async function hasOtherLinks(absolute: string): Promise<boolean> {
  const stat = await fs.lstat(absolute).catch(() => undefined);
  return stat !== undefined && stat.isFile() && stat.nlink > 1;
}

/**
 * Writes `content` into the file at `absolute` only if it is that file's one name: opened
 * without following a symlink, checked on the open descriptor (so a link swapped in after the
 * check above is refused too), then truncated and written.
 */
async function writeOwnFile(absolute: string, content: Buffer): Promise<void> {
  const { O_WRONLY, O_CREAT, O_NOFOLLOW } = fsConstants;
  const handle = await fs.open(absolute, O_WRONLY | O_CREAT | O_NOFOLLOW, 0o666);
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.nlink > 1) {
      throw new Error(`${absolute} is no longer a plain file of its own: not written`);
    }
    await handle.truncate(0);
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}

/**
 * The agent's edits a saved session recorded, each with its turn and workspace (an edit saved
 * without one was made where the session started, else in `fallback`).
 */
function editsOf(events: readonly SessionEvent[], fallback = ''): FileEdit[] {
  const edits: FileEdit[] = [];
  let turn: string | undefined;
  let started = fallback;
  for (const event of events) {
    if (event.type === 'session_start') started = event.cwd;
    else if (event.type === 'user') turn = event.id;
    else if (event.type === 'file_snapshot' && turn !== undefined) {
      const { path: file, before, after } = event;
      edits.push({ turn, workspace: event.workspace ?? started, path: file, before, after });
    }
  }
  return edits;
}

/** One turn's files: as they were before its first edit of each, as its last edit left them. */
function turnFiles(
  edits: readonly FileEdit[],
  turn: string,
): Map<string, { before: string | null; after: string | null }> {
  const files = new Map<string, { before: string | null; after: string | null }>();
  for (const edit of edits.filter((e) => e.turn === turn)) {
    const known = files.get(edit.path);
    files.set(edit.path, { before: known ? known.before : edit.before, after: edit.after });
  }
  return files;
}
