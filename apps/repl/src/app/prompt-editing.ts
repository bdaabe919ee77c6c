import { editTarget, type TerminalRunner } from './external-editor';
import type { KeyRouter } from './key-router';
import type { EditableText } from './modal';

/**
 * Ctrl+G: the prompt's text (or `card`'s, such as a plan) in the person's editor; the saved text
 * goes back where it came from (the prompt's is not sent), and the prompt's suggestions follow it.
 */
export async function editPromptOrCard(
  router: KeyRouter,
  card: EditableText | undefined,
  run: TerminalRunner | undefined,
  say: (note: string, ms?: number) => void,
): Promise<void> {
  const input = router.input;
  const prompt: EditableText = {
    what: 'prompt',
    text: () => input.text,
    replace: (text) => input.setText(text),
  };
  await editTarget(card ?? prompt, run, say);
  router.suggestions.update(input.text);
}
