import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EditableText } from './modal';

/** Runs `command` (a shell line: `$VISUAL` may carry flags) on `file` with the terminal; its exit code. */
export type TerminalRunner = (command: string, file: string) => Promise<number | null>;

/** The edited text, or why the old text stays (a one-line note). */
export type EditorOutcome = { text: string } | { note: string };

/** `$VISUAL`, else `$EDITOR` (blank ones skipped). */
export function editorCommand(env: NodeJS.ProcessEnv): string | undefined {
  return [env.VISUAL, env.EDITOR].find((value) => value !== undefined && value.trim() !== '');
}

/**
 * Ctrl+G: `text` in a temporary file opened in the person's editor; the saved text back (one
 * trailing newline dropped). A failed editor or an empty file keeps the old text.
 */
export async function editInEditor(
  text: string,
  what: string,
  run: TerminalRunner,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EditorOutcome> {
  const command = editorCommand(env);
  if (!command)
    return { note: `Set $VISUAL or $EDITOR to edit the ${what} in an editor (Ctrl+G).` };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agent-edit-'));
  try {
    const file = path.join(dir, `${what}.md`);
    // Ends with a newline, as editors expect: one trailing newline is dropped again on return.
    await writeFile(file, `${text}\n`);
    let code: number | null;
    try {
      code = await run(command, file);
    } catch (error) {
      return {
        note: `Could not start ${command}: ${(error as Error).message}; the ${what} is unchanged.`,
      };
    }
    if (code !== 0)
      return { note: `${command} exited with ${code ?? 'a signal'}: the ${what} is unchanged.` };
    const edited = (await readFile(file, 'utf8')).replace(/\r?\n$/, '');
    if (edited.trim() === '') return { note: `The file was empty: the ${what} is unchanged.` };
    return { text: edited };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Ctrl+G on `target` (the prompt, or a card's text such as a plan): the saved text goes back
 * where it came from; `say` tells why it did not.
 */
export async function editTarget(
  target: EditableText,
  run: TerminalRunner | undefined,
  say: (note: string, ms?: number) => void,
): Promise<void> {
  if (!run) return say('No terminal to open an editor in.');
  const outcome = await editInEditor(target.text(), target.what, run);
  if ('note' in outcome) say(outcome.note, 5000);
  else target.replace(outcome.text);
}
