import {
  editFileTool,
  grepTool,
  listFilesTool,
  readFileTool,
  runShellTool,
  writeFileTool,
  type Tool,
} from '@agent/tools';

/**
 * The only tools a subagent can be given, by name. `ask_user` is deliberately absent: this
 * package cannot even name it, so no subagent can ask the person anything.
 */
export const SUBAGENT_TOOL_CONSTRUCTORS: Readonly<Record<string, () => Tool>> = {
  read_file: readFileTool,
  list_files: listFilesTool,
  grep: grepTool,
  write_file: writeFileTool,
  edit_file: editFileTool,
  run_shell: runShellTool,
};

/** The default allow-list: tools that only read. */
export const READ_ONLY_SUBAGENT_TOOLS = ['read_file', 'list_files', 'grep'];

export function isConstructibleTool(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(SUBAGENT_TOOL_CONSTRUCTORS, name);
}
