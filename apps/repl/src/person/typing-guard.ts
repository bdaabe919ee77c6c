import { printable, type Key } from '../input/key';
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
 * choices) makes it inert too, so a sentence typed at an open card never picks one: what the
 * characters typed since the card's last other key (an arrow, Tab, Enter, Backspace, a paste) did
 * on it is taken back (`snapshot`), and they go to the prompt before the stray key, so the "a" of
 * "ask" reaches the prompt rather than picking "Always allow". While inert, printable keys, pastes
 * and editing keys go to the prompt until a deliberate key (an arrow, Tab, Enter, Esc) arms it.
 * Enter only arms: a stray Enter never answers the card. Esc acts at once.
 */
export function guardTyping(modal: Modal, typing: PromptTyping, inert: boolean): Modal {
  let armed = !inert;
  /** The characters typed on the card since its last other key, and the card before them. */
  let typed: Key[] = [];
  let restore: (() => void) | undefined;
  const settle = (): void => {
    typed = [];
    restore = undefined;
  };
  /** Hands `key` to the armed card, noting what it types for a stray key to take back. */
  const toCard = (key: Key): void => {
    if (!modal.snapshot || printable(key) === undefined) settle();
    else {
      restore ??= modal.snapshot();
      typed.push(key);
    }
    modal.handleKey(key);
  };
  return {
    get hint() {
      return armed ? modal.hint : HINT;
    },
    typesIntoPrompt: () => !armed,
    handleKey(key: Key) {
      if (armed && modal.strayKey?.(key)) {
        armed = false;
        restore?.();
        for (const taken of typed) typing.key(taken);
        settle();
      }
      if (armed) return toCard(key);
      const name = key.full ?? key.name ?? '';
      if (!DELIBERATE.has(name)) return typing.key(key);
      armed = true;
      if (name !== 'enter') toCard(key);
    },
    handlePaste(text: string) {
      settle();
      if (armed) modal.handlePaste?.(text);
      else typing.paste(text);
    },
    handlesPaging: () => armed && (modal.handlesPaging?.() ?? false),
    handlePage: (direction) => armed && (modal.handlePage?.(direction) ?? false),
    cancel: () => modal.cancel?.(),
  };
}
