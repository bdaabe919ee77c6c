import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * Writes `content` to `absolute` by writing a new file beside it and renaming it over the old
 * directory entry, never by writing through the old file's inode. A hard link from the workspace
 * to a file outside it (or into a package store shared by other projects) therefore cannot carry
 * the write out: only this entry changes, and the other links keep the old content. It also
 * means a crash or an interrupt never leaves a half-written file. The old file's permission bits
 * are kept; setuid/setgid bits and other hard links are not.
 */
export async function replaceFile(absolute: string, content: string): Promise<void> {
  const existing = await fs.lstat(absolute).catch(() => undefined);
  const mode = existing ? existing.mode & 0o777 : 0o666;
  const temporary = path.join(
    path.dirname(absolute),
    `.agent-write-${process.pid}-${randomBytes(6).toString('hex')}.tmp`,
  );
  const handle = await fs.open(temporary, 'wx', mode);
  try {
    try {
      await handle.writeFile(content, 'utf8');
      // The umask applied at creation; the old file's bits are what the person chose.
      if (existing) await handle.chmod(mode);
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, absolute);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}
