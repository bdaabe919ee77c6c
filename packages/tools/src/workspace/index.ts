import type { Tool } from '@agent/tool-contract';
import type { CodeRunningOptions } from './code-running-paths';
import { editFileTool } from './edit-file';
import { grepTool } from './grep';
import { listFilesTool } from './list-files';
import { readFileTool } from './read-file';
import { runShellTool } from './run-shell';
import type { ShellSandbox } from './sandbox/shell-sandbox';
import { writeFileTool } from './write-file';

export { resolveInWorkspace, realWorkspaceRoot, type WorkspacePath } from './path-safety';
export { readFileTool, type ReadFileInput } from './read-file';
export { listFilesTool, type ListFilesInput, type ListFilesOptions } from './list-files';
export { grepTool, type GrepInput, type GrepOptions } from './grep';
export { writeFileTool, type WriteFileInput } from './write-file';
export { editFileTool, type EditFileInput } from './edit-file';
export { HeadTailBuffer, boundText } from './head-tail-buffer';
export { formatBytes, countLines, readTextFile } from './file-text';
export { readSmallFile, readSmallFileSync } from './small-file';
export { findFiles, type FindFilesOptions, type SearchEngine } from './find-files';
export type { CodeRunningOptions } from './code-running-paths';
export {
  runShellTool,
  SHELL_OUTPUT_HEAD_BYTES,
  SHELL_OUTPUT_TAIL_BYTES,
  type RunShellInput,
  type RunShellOptions,
  type ShellProgress,
} from './run-shell';
export { stopShellProcesses, killShellProcessesNow } from './process-groups';
export * from './sandbox';

/**
 * All six workspace tools: read_file, list_files, grep, write_file, edit_file, run_shell (in
 * `sandbox` when given, see RunShellOptions).
 */
export function createWorkspaceTools(
  options: CodeRunningOptions & { sandbox?: ShellSandbox } = {},
): Tool[] {
  return [
    readFileTool(),
    listFilesTool(),
    grepTool(),
    writeFileTool(options),
    editFileTool(options),
    runShellTool(options.sandbox ? { sandbox: options.sandbox } : {}),
  ];
}
