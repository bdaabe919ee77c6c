import { promises as fs } from 'node:fs';
import { ToolError } from '../tool';
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
 * Reads an existing text file of the workspace, refusing directories, missing files, files over
 * {@link MAX_FILE_BYTES} and binary files with messages the model can act on.
 */
export async function readTextFile(target: WorkspacePath): Promise<string> {
  const stats = await statOrUndefined(target.absolute);
  if (!stats) throw new ToolError(`file "${target.relative}" does not exist`);
  if (stats.isDirectory()) {
    throw new ToolError(`"${target.relative}" is a directory; use list_files to see its contents`);
  }
  if (stats.size > MAX_FILE_BYTES) {
    throw new ToolError(
      `file "${target.relative}" is ${formatBytes(stats.size)}, over the ${formatBytes(MAX_FILE_BYTES)} limit; use grep or run_shell (head, sed -n) to look at parts of it`,
    );
  }
  const content = await fs.readFile(target.absolute);
  if (looksBinary(content)) {
    throw new ToolError(
      `file "${target.relative}" is binary (${formatBytes(stats.size)}); only text files can be read or edited`,
    );
  }
  return content.toString('utf8');
}

/** The file's stats, or undefined when nothing exists at `absolute`. */
export async function statOrUndefined(absolute: string) {
  try {
    return await fs.stat(absolute);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A unified diff of one file's change; `before` undefined means the file is new. */
export function unifiedDiff(relative: string, before: string | undefined, after: string): string {
  // Loaded on the first edit, not at start-up.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createTwoFilesPatch } = require('diff') as typeof import('diff');
  const patch = createTwoFilesPatch(
    before === undefined ? '/dev/null' : `a/${relative}`,
    `b/${relative}`,
    before ?? '',
    after,
    undefined,
    undefined,
    { context: 3 },
  );
  return patch.replace(/^=+\n/, '');
}

/** Lines added and removed by a unified diff, for summaries. */
export function diffStats(diff: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++') || line.startsWith('---')) continue;
    if (line.startsWith('+')) added++;
    else if (line.startsWith('-')) removed++;
  }
  return { added, removed };
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
