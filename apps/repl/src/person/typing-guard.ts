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

const HINT = 'your typing goes to the prompt · ↑↓ or Enter to answer the card';

/**
 * `modal` kept from what the person types for the prompt. `inert`: it opens while they type (the
 * prompt holds text); a key the card calls stray (`strayKey`: a letter that is none of its
 * choices) makes it inert too, so the rest of a sentence typed at an open card never picks one.
 * While inert, printable keys, pastes and editing keys go to the prompt until a deliberate key
 * (an arrow, Tab, Enter, Esc) arms it. Enter only arms: a stray Enter never answers the card. Esc
 * acts at once.
 */
export function guardTyping(modal: Modal, typing: PromptTyping, inert: boolean): Modal {
  let armed = !inert;
  return {
    get hint() {
      return armed ? modal.hint : HINT;
    },
    typesIntoPrompt: () => !armed,
    handleKey(key: Key) {
      if (armed && modal.strayKey?.(key)) armed = false;
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
