import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * The real reason a folder could not be made: a recursive `mkdir` reports some failures (a
 * read-only file system) as `ENOENT`, which reads like a missing path. For a failed `mkdir`, the
 * first missing folder under the nearest existing one is made on its own (and removed again if
 * that works after all), whose error names the cause (`EROFS`, `EACCES`). Other errors pass as
 * they are.
 */
export async function realCause(error: Error): Promise<Error> {
  const failed = error as NodeJS.ErrnoException;
  if (failed.syscall !== 'mkdir' || typeof failed.path !== 'string') return error;
  let missing = path.resolve(failed.path);
  for (let parent = path.dirname(missing); parent !== missing; parent = path.dirname(parent)) {
    try {
      await fs.stat(parent);
      break;
    } catch {
      missing = parent;
    }
  }
  try {
    await fs.mkdir(missing, { mode: 0o700 });
  } catch (probe) {
    const code = (probe as NodeJS.ErrnoException).code;
    return code && code !== 'EEXIST' ? (probe as Error) : error;
  }
  await fs.rmdir(missing).catch(() => undefined);
  return error;
}

/**
 * Why the session is not saved, in words that say what to do: a read-only file system, a
 * folder the person may not write, a full disk, or the error as it came.
 */
export function saveProblemText(error: Error, agentHome: string): string {
  const failed = error as NodeJS.ErrnoException;
  const where = failed.path ? ` ${failed.path}` : '';
  const home = `AGENT_HOME ${agentHome}`;
  const then = 'the agent goes on, but this session is not saved and cannot be continued';
  switch (failed.code) {
    case 'EROFS':
      return `the session is not saved: ${home} is on a read-only file system (EROFS, ${failed.syscall ?? 'write'}${where}); ${then}; set AGENT_HOME to a writable folder`;
    case 'EACCES':
    case 'EPERM':
      return `the session is not saved: no permission to write in ${home} (${failed.code}, ${failed.syscall ?? 'write'}${where}); ${then}; make it writable or set AGENT_HOME to a writable folder`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `the session is not saved: the disk holding ${home} is full (${failed.code}); ${then}; free disk space`;
    default:
      return `the session is not saved: ${error.message} (${home}); ${then}; check that AGENT_HOME is a writable folder with free space`;
  }
}
