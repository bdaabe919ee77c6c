import fs from 'node:fs';
import path from 'node:path';
import type { ToolKind, ToolCallContent, ToolCallLocation } from './schema';

/** How each of the agent's tools shows in an editor; MCP servers' tools are `other`. */
const KINDS: Record<string, ToolKind> = {
  read_file: 'read',
  list_files: 'search',
  grep: 'search',
  edit_file: 'edit',
  write_file: 'edit',
  run_shell: 'execute',
  web_fetch: 'fetch',
  task: 'think',
  ask_user: 'other',
};

/** Text a tool call's content shows of its output at most (its end is cut with a note). */
export const MAX_SHOWN_OUTPUT_CHARS = 16_000;
/** Files larger than this are not read to show an overwrite's diff. */
const MAX_DIFF_FILE_BYTES = 512 * 1024;

/** The part of a call the display reads: its tool and its input. */
export interface CallInput {
  name: string;
  input: unknown;
}

export function toolKind(name: string): ToolKind {
  return KINDS[name] ?? 'other';
}

function inputOf(activity: CallInput): Record<string, unknown> {
  const input = activity.input;
  return typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
}

/**
 * The workspace path a call's `path` input names, absolute; undefined when it has none or it
 * leaves the workspace (the tool refuses it then anyway).
 */
function workspacePath(workspace: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const absolute = path.resolve(workspace, value);
  const relative = path.relative(workspace, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return absolute;
}

/** The files a call reads or changes, for the editor to follow. */
export function toolLocations(workspace: string, activity: CallInput): ToolCallLocation[] {
  const input = inputOf(activity);
  const file = workspacePath(workspace, input.path);
  if (!file || !(activity.name in KINDS)) return [];
  const line = typeof input.offset === 'number' ? input.offset : undefined;
  return [line === undefined ? { path: file } : { path: file, line }];
}

/**
 * What an edit will change, as the editor's diff: an edit's old and new text, or a write's whole
 * file before (read now, before the call can run) and after. Empty for other calls.
 */
export function editDiff(workspace: string, activity: CallInput): ToolCallContent[] {
  const input = inputOf(activity);
  const file = workspacePath(workspace, input.path);
  if (!file) return [];
  if (activity.name === 'edit_file') {
    if (typeof input.old_string !== 'string' || typeof input.new_string !== 'string') return [];
    return [{ type: 'diff', path: file, oldText: input.old_string, newText: input.new_string }];
  }
  if (activity.name === 'write_file' && typeof input.content === 'string') {
    const before = currentText(workspace, file);
    if (before === undefined) return [];
    return [{ type: 'diff', path: file, oldText: before, newText: input.content }];
  }
  return [];
}

/** The file's text now, when it is a small file inside the workspace; null when it is missing. */
function currentText(workspace: string, file: string): string | null | undefined {
  try {
    const real = fs.realpathSync(file);
    const root = fs.realpathSync(workspace);
    if (path.relative(root, real).startsWith('..')) return undefined;
    if (fs.statSync(real).size > MAX_DIFF_FILE_BYTES) return undefined;
    return fs.readFileSync(real, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined;
  }
}

/** Output as a tool call's text content, its end kept when it is long. */
export function textContent(text: string): ToolCallContent[] {
  if (text === '') return [];
  const shown =
    text.length > MAX_SHOWN_OUTPUT_CHARS
      ? `[… ${text.length - MAX_SHOWN_OUTPUT_CHARS} characters before]\n${text.slice(-MAX_SHOWN_OUTPUT_CHARS)}`
      : text;
  return [{ type: 'content', content: { type: 'text', text: shown } }];
}
