import type { Key } from '../input/key';
import type { Modal } from '../app/modal';

/** The prompt, as a card that opens while the person types leaves it to them. */
export interface PromptTyping {
  /** The person is typing: the prompt holds text. */
  active(): boolean;
  key(key: Key): void;
  paste(text: string): void;
}

/** Keys that mean "I am answering the card" rather than "I am still typing my prompt". */
const DELIBERATE = new Set(['up', 'down', 'tab', 'S-tab', 'enter', 'escape']);

const HINT =
  'a card opened while you typed: ↑↓ or Enter to answer it · your typing stays in the prompt';

/**
 * `modal` as it opens while the person types (the prompt holds text): the card starts inert.
 * Printable keys, pastes and editing keys keep going to the prompt, so nothing typed for the
 * prompt lands in the card, until a deliberate key (an arrow, Tab, Enter, Esc) arms it. Enter
 * only arms: a stray Enter never answers the card. Esc acts at once.
 */
export function guardTyping(modal: Modal, typing: PromptTyping): Modal {
  let armed = false;
  return {
    get hint() {
      return armed ? modal.hint : HINT;
    },
    typesIntoPrompt: () => !armed,
    handleKey(key: Key) {
      if (armed) return modal.handleKey(key);
      const name = key.full ?? key.name ?? '';
      if (!DELIBERATE.has(name)) return typing.key(key);
      armed = true;
      if (name !== 'enter') modal.handleKey(key);
    },
    handlePaste(text: string) {
      if (armed) modal.handlePaste?.(text);
      else typing.paste(text);
    },
    handlesPaging: () => armed && (modal.handlesPaging?.() ?? false),
    handlePage: (direction) => armed && (modal.handlePage?.(direction) ?? false),
    cancel: () => modal.cancel?.(),
  };
}
