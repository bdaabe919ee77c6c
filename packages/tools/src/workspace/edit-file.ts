import { z } from 'zod/v4';
import { defineTool, ToolError, type Tool, type ToolContext } from '@agent/tool-contract';
import { escalationOfWrite, type CodeRunningOptions } from './code-running-paths';
import { fileDiff, type FileDiff } from './file-diff';
import { readTextFile } from './file-text';
import { resolveInWorkspace, type WorkspacePath } from './path-safety';
import { replaceFile } from './replace-file';

/** The diff is repeated in the model's output up to this many characters. */
const MAX_DIFF_IN_OUTPUT = 8000;

const inputSchema = z.object({
  path: z.string().describe('File path relative to the workspace root.'),
  old_string: z
    .string()
    .describe(
      'Exact text to replace, including whitespace and indentation. Must occur exactly once unless replace_all is true.',
    ),
  new_string: z.string().describe('Text to put in its place (must differ from old_string).'),
  replace_all: z
    .boolean()
    .optional()
    .describe('Replace every occurrence of old_string instead of exactly one (default false).'),
});

export type EditFileInput = z.infer<typeof inputSchema>;

interface PlannedEdit {
  target: WorkspacePath;
  after: string;
  occurrences: number;
  before: string;
  diff: FileDiff;
}

/** The plan a preview made, by input object, so execute computes the diff only if the file changed. */
const previewed = new WeakMap<EditFileInput, PlannedEdit>();

/** Replaces an exact, unique piece of text in a workspace file. */
export function editFileTool(options: CodeRunningOptions = {}): Tool<EditFileInput> {
  return defineTool({
    name: 'edit_file',
    description:
      'Edit a file by replacing old_string with new_string. old_string must match the file exactly ' +
      '(read the file first) and occur exactly once; include surrounding lines to make it unique, or set ' +
      'replace_all to change every occurrence. Returns a unified diff of the change.',
    inputSchema,
    permission: 'edit',
    ruleSubject: (input) => ({ kind: 'path', value: input.path }),
    escalate: (input, ctx) => escalationOfWrite(input.path, ctx, options.agentHome),
    describe: (input) => `edit ${input.path}${input.replace_all ? ' (all occurrences)' : ''}`,
    async preview(input, ctx) {
      const planned = await plan(input, ctx);
      previewed.set(input, planned);
      return planned.diff.text;
    },
    async execute(input, ctx) {
      const { target, after, occurrences, diff } = await plan(input, ctx, previewed.get(input));
      previewed.delete(input);
      await replaceFile(target.absolute, after);
      const { added, removed } = diff;
      const replaced = `${occurrences} occurrence${occurrences === 1 ? '' : 's'}`;
      const shown =
        diff.text.length > MAX_DIFF_IN_OUTPUT
          ? `${diff.text.slice(0, MAX_DIFF_IN_OUTPUT)}\n… [diff truncated]`
          : diff.text;
      return {
        output: `Edited ${target.relative}: replaced ${replaced}.\n\n${shown}`,
        summary: `edited ${target.relative} (+${added} -${removed})`,
        diff: diff.text,
      };
    },
  });
}

async function plan(
  input: EditFileInput,
  ctx: ToolContext,
  earlier?: PlannedEdit,
): Promise<PlannedEdit> {
  if (input.old_string === '') {
    throw new ToolError('old_string is empty; use write_file to create or overwrite a whole file');
  }
  if (input.old_string === input.new_string) {
    throw new ToolError('old_string and new_string are identical; there is nothing to change');
  }
  const target = await resolveInWorkspace(ctx.workspaceRoot, input.path);
  const before = await readTextFile(target).catch((error: unknown) => {
    if (error instanceof ToolError && /does not exist/.test(error.message)) {
      throw new ToolError(`${error.message}; use write_file to create it`);
    }
    throw error;
  });
  let oldText = input.old_string;
  let newText = input.new_string;
  let occurrences = countOccurrences(before, oldText);
  if (occurrences === 0 && before.includes('\r\n') && !oldText.includes('\r')) {
    oldText = oldText.replace(/\n/g, '\r\n');
    newText = newText.replace(/\n/g, '\r\n');
    occurrences = countOccurrences(before, oldText);
  }
  if (occurrences === 0) {
    throw new ToolError(
      `old_string was not found in ${target.relative}. It must match the file exactly, including whitespace and indentation; read the file again and copy the text.`,
    );
  }
  if (occurrences > 1 && input.replace_all !== true) {
    throw new ToolError(
      `old_string was found ${occurrences} times in ${target.relative}; add surrounding lines to old_string so it matches exactly once, or set replace_all to true to replace every occurrence.`,
    );
  }
  const after = input.replace_all
    ? before.split(oldText).join(newText)
    : replaceFirst(before, oldText, newText);
  const diff =
    earlier && earlier.target.absolute === target.absolute && earlier.before === before
      ? earlier.diff
      : fileDiff(target.relative, before, after);
  return { target, after, occurrences, before, diff };
}

function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) {
    count++;
  }
  return count;
}

function replaceFirst(text: string, search: string, replacement: string): string {
  const at = text.indexOf(search);
  return text.slice(0, at) + replacement + text.slice(at + search.length);
}
