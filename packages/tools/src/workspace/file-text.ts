import { constants, promises as fs, type Stats } from 'node:fs';
import { ToolError } from '@agent/tool-contract';
import type { WorkspacePath } from './path-safety';

/** Files larger than this are refused by read_file and edit_file and skipped by grep. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

const SNIFF_BYTES = 8192;

/** A file is treated as binary when its first 8 KB hold a NUL byte. */
export function looksBinary(content: Buffer): boolean {
  return content.subarray(0, SNIFF_BYTES).includes(0);
}

/** Number of lines as an editor shows them: a trailing newline does not start a new line. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/**
 * Reads an existing text file of the workspace, refusing directories, missing files, special
 * files (FIFOs, sockets, devices), files over {@link MAX_FILE_BYTES} and binary files with
 * messages the model can act on.
 */
export async function readTextFile(target: WorkspacePath): Promise<string> {
  const content = await readRegularFile(target, MAX_FILE_BYTES);
  if (content === undefined) throw new ToolError(`file "${target.relative}" does not exist`);
  if (looksBinary(content)) {
    throw new ToolError(
      `file "${target.relative}" is binary (${formatBytes(content.length)}); only text files can be read or edited`,
    );
  }
  return content.toString('utf8');
}

/**
 * The bytes of a regular file, or undefined when nothing exists there. The file is opened
 * without blocking and without following a final link, and checked on the open descriptor, so a
 * FIFO or a device swapped in is refused instead of waited on. Refuses directories, special
 * files and files over `maxBytes`.
 */
export async function readRegularFile(
  target: WorkspacePath,
  maxBytes: number,
): Promise<Buffer | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(target.absolute, OPEN_FOR_READING);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'EISDIR') throw directoryError(target);
    if (code === 'ELOOP') {
      throw new ToolError(`"${target.relative}" is a symbolic link that changed while reading`);
    }
    throw new ToolError(`cannot read "${target.relative}": ${(error as Error).message}`);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw directoryError(target);
    checkRegular(target, stats);
    if (stats.size > maxBytes) {
      throw new ToolError(
        `file "${target.relative}" is ${formatBytes(stats.size)}, over the ${formatBytes(maxBytes)} limit; use grep or run_shell (head, sed -n) to look at parts of it`,
      );
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Throws a clear error unless `stats` are those of a regular file (or nothing). */
export function checkRegular(target: WorkspacePath, stats: Stats | undefined): void {
  if (!stats || stats.isFile() || stats.isDirectory()) return;
  throw new ToolError(
    `"${target.relative}" is not a regular file (${specialKind(stats)}); file tools only read and write regular files`,
  );
}

function specialKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'a special file';
}

function directoryError(target: WorkspacePath): ToolError {
  return new ToolError(`"${target.relative}" is a directory; use list_files to see its contents`);
}

const OPEN_FOR_READING = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/** The file's stats, or undefined when nothing exists at `absolute`. */
export async function statOrUndefined(absolute: string) {
  try {
    return await fs.stat(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Cuts a line for display, saying how long it was. */
export function truncateLine(line: string, max: number): string {
  if (line.length <= max) return line;
  return `${line.slice(0, max)}… [line truncated, ${line.length} chars]`;
}
