import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

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
