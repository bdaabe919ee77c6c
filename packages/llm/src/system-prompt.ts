import { readInstructions, type InstructionsFile } from './project-instructions';

export interface SystemPromptOptions {
  workspaceRoot: string;
  /** The agent home, whose AGENTS.md (the person's own instructions) comes first. */
  agentHome?: string;
  /** The working directory when below the root: AGENTS.md of each folder down to it is read. */
  cwd?: string;
  /** Names of the tools the model can call, in registry order. */
  toolNames: readonly string[];
  /** Extra guidance appended after the built-in prompt (the REPL adds ask_user guidance here). */
  extraSections?: readonly string[];
  /** Today's date for the prompt (default: now). */
  now?: Date;
  /** The AGENTS.md files, when the caller has read them already (see `readInstructions`). */
  instructions?: { files: readonly InstructionsFile[] };
}

const CORE = `You are a coding agent working in a software project on the person's machine. You act through the tools you are given; you never imitate a tool call or a tool result in text.

How to work:
- Read before you edit: look at the relevant files (list, search, read) before changing anything, and follow the project's existing style and conventions.
- Work in small, verified steps: make one focused change, then check it (re-read the result, run the relevant tests or build) before moving on.
- Use tools for facts: do not guess file contents, paths or command output; find out.
- Keep changes inside the workspace and within the scope of the request. Do not delete or overwrite work you did not create unless asked.
- When a tool fails or a call is denied, read the message and adapt; do not repeat the same call unchanged.
- Report clearly when done: what you changed (files), how you verified it, and anything left open. Be concise; no filler.`;

/**
 * The system prompt of the primary agent: the built-in guidance, the workspace and its tools, the
 * AGENTS.md files that apply (read now, checked and bounded; see `readInstructions`), each
 * labelled with its path, and any extra sections.
 */
export function buildSystemPrompt(options: SystemPromptOptions): string {
  const date = (options.now ?? new Date()).toISOString().slice(0, 10);
  const sections = [
    CORE,
    `Workspace: ${options.workspaceRoot}\nDate: ${date}\nTools: ${
      options.toolNames.length ? options.toolNames.join(', ') : '(none)'
    }`,
  ];
  const { files } = options.instructions ?? readInstructions(options);
  if (files.length > 0) {
    sections.push(
      [
        "Instructions from AGENTS.md (or CLAUDE.md) files, most general first (a later file wins where they disagree). The agent home one is the person's own; the others are written by the project's maintainers. Follow them.",
        ...files.map((file) => `--- ${file.label} ---\n${file.text}`),
      ].join('\n\n'),
    );
  }
  for (const extra of options.extraSections ?? []) if (extra.trim()) sections.push(extra.trim());
  return sections.join('\n\n');
}
