import * as fs from 'node:fs';
import * as path from 'node:path';

/** Largest AGENTS.md included in the prompt; longer files are cut with a note. */
export const AGENTS_MD_LIMIT = 32 * 1024;

export interface SystemPromptOptions {
  workspaceRoot: string;
  /** Names of the tools the model can call, in registry order. */
  toolNames: readonly string[];
  /** Extra guidance appended after the built-in prompt (the REPL adds ask_user guidance here). */
  extraSections?: readonly string[];
  /** Today's date for the prompt (default: now). */
  now?: Date;
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
 * workspace's AGENTS.md when present (read now, bounded), and any extra sections.
 */
export function buildSystemPrompt(options: SystemPromptOptions): string {
  const date = (options.now ?? new Date()).toISOString().slice(0, 10);
  const sections = [
    CORE,
    `Workspace: ${options.workspaceRoot}\nDate: ${date}\nTools: ${
      options.toolNames.length ? options.toolNames.join(', ') : '(none)'
    }`,
  ];
  const agents = readAgentsMd(options.workspaceRoot);
  if (agents) {
    sections.push(
      `Project instructions from AGENTS.md (written by the project's maintainers; follow them):\n\n${agents}`,
    );
  }
  for (const extra of options.extraSections ?? []) if (extra.trim()) sections.push(extra.trim());
  return sections.join('\n\n');
}

/** The workspace's AGENTS.md, bounded to AGENTS_MD_LIMIT characters, or undefined. */
export function readAgentsMd(workspaceRoot: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(workspaceRoot, 'AGENTS.md'), 'utf8');
  } catch {
    return undefined;
  }
  text = text.trim();
  if (!text) return undefined;
  if (text.length <= AGENTS_MD_LIMIT) return text;
  return `${text.slice(0, AGENTS_MD_LIMIT)}\n[... AGENTS.md truncated: ${text.length - AGENTS_MD_LIMIT} more characters]`;
}
