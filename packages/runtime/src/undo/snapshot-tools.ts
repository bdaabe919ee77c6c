import { resolveInWorkspace, type Tool, type ToolContext } from '@agent/tools';
import { readOrNull, type ContentStore } from '../workspace/content-store';

/** Tools whose edits `/undo` can take back. */
export const SNAPSHOT_TOOL_NAMES: ReadonlySet<string> = new Set(['write_file', 'edit_file']);

/** Told of each successful edit: the workspace path, its content hash before and after. */
export type SnapshotRecorder = (path: string, before: string | null, after: string | null) => void;

/**
 * `tool` (write_file or edit_file) that stores the file's content before and after each
 * successful edit and reports both to `record`. A snapshot that cannot be stored fails the call
 * before anything is changed, so no edit is left without a way back.
 */
export function withSnapshots(
  tool: Tool<{ path: string }>,
  store: ContentStore,
  record: SnapshotRecorder,
): Tool<{ path: string }> {
  // Copies the descriptors, so lazily built fields (the input schema) stay lazy.
  const wrapped = Object.defineProperties({}, Object.getOwnPropertyDescriptors(tool)) as Tool<{
    path: string;
  }>;
  return Object.assign(wrapped, {
    async execute(input: { path: string }, ctx: ToolContext) {
      const target = await resolveInWorkspace(ctx.workspaceRoot, input.path);
      const old = await readOrNull(target.absolute);
      const before = old === null ? null : await store.save(old);
      const result = await tool.execute(input, ctx);
      if (result.isError) return result;
      const now = await readOrNull(target.absolute);
      const after = now === null ? null : await store.save(now);
      if (before !== after) record(target.relative, before, after);
      return result;
    },
  });
}
