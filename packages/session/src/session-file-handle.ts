import { promises as fs } from 'node:fs';
import path from 'node:path';
import { sessionPath } from './paths';
import { newSessionId } from './session-id';
import { lockSession } from './session-lock';

/** A session file open for appending, held by this process's lock. */
export interface HeldSessionFile {
  handle: fs.FileHandle;
  /** Releases the lock (the handle is closed by its owner). */
  unlock: () => Promise<void>;
}

/**
 * Creates a new session file (mode 0600) and locks it. Without a chosen `id`, a fresh one is
 * picked again when a file of that name exists already.
 */
export async function createSessionFile(
  agentHome: string,
  chosen: string | undefined,
  now: () => Date,
): Promise<HeldSessionFile & { id: string; file: string }> {
  const dir = path.dirname(sessionPath(agentHome, 'x'));
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  for (let attempt = 0; ; attempt++) {
    const id = chosen ?? newSessionId(now());
    const file = sessionPath(agentHome, id);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'wx', 0o600);
    } catch (error) {
      const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
      if (exists && chosen === undefined && attempt < 20) continue;
      throw error;
    }
    try {
      return { id, file, handle, unlock: await lockSession(file) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
}

/**
 * Opens an existing session file to continue it, locked, with a torn last line fenced off.
 * Throws `SessionLockedError` while another live process appends to it; closes what it opened
 * when a later step fails.
 */
export async function openSessionFile(file: string): Promise<HeldSessionFile> {
  const unlock = await lockSession(file);
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'a+', 0o600);
  } catch (error) {
    await unlock();
    throw error;
  }
  try {
    await fenceTornLine(handle);
  } catch (error) {
    try {
      await handle.close();
    } finally {
      await unlock();
    }
    throw error;
  }
  return { handle, unlock };
}

/** Ends a torn last line (a crash mid-write) with a newline, so the next line starts clean. */
async function fenceTornLine(handle: fs.FileHandle): Promise<void> {
  const { size } = await handle.stat();
  if (size === 0) return;
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  if (last[0] !== 0x0a) await handle.write('\n');
}
