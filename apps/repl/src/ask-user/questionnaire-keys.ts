import type { QuestionnaireAction, QuestionnaireModel } from '@agent/askuser';
import { printable, type Key } from '../input/key';

/** What the app does with a key while a questionnaire card is active. */
export type QuestionnaireKeyRoute =
  | { kind: 'action'; action: QuestionnaireAction }
  /** Ctrl+C: the app interrupts the whole turn, which aborts the tool and releases the card. */
  | { kind: 'interrupt' }
  /** Consumed without effect: nothing else may see keys while the card is active. */
  | { kind: 'swallow' };

const NAMED: Record<string, QuestionnaireAction['type']> = {
  up: 'up',
  down: 'down',
  enter: 'enter',
  escape: 'escape',
  'S-tab': 'back',
  backspace: 'backspace',
  delete: 'delete',
  left: 'left',
  right: 'right',
  home: 'home',
  end: 'end',
  'C-a': 'home',
  'C-e': 'end',
  'C-b': 'left',
  'C-f': 'right',
  'C-d': 'delete',
  'C-p': 'up',
  'C-n': 'down',
  'M-b': 'word-left',
  'M-left': 'word-left',
  'C-left': 'word-left',
  'M-f': 'word-right',
  'M-right': 'word-right',
  'C-right': 'word-right',
  'C-w': 'erase-word',
  'M-backspace': 'erase-word',
  'C-u': 'erase-start',
  'C-k': 'erase-end',
};

/** What the number keys need to know of the card: they pick only while nothing is typed. */
export type NumberedCard = Pick<QuestionnaireModel, 'draft' | 'selected' | 'freeFormRow'>;

/**
 * Whether a digit picks option `digit` on `card`: it numbers an option, nothing is typed for the
 * question and the free-form row is not chosen. Otherwise the digit is typed, so an answer can
 * start with a digit on the free-form row (or after a non-digit).
 */
function digitPicks(card: NumberedCard, digit: number): boolean {
  return (
    digit >= 1 &&
    digit <= card.freeFormRow &&
    card.draft === '' &&
    card.selected !== card.freeFormRow
  );
}

/**
 * Maps one key event to the questionnaire. Enter arrives from blessed as both `return` and
 * `enter`: only `enter` acts. Ctrl+C is the only key that escapes the card. With `card` (the
 * `ask_user` card), a number key selects its numbered option (see `digitPicks`).
 */
export function routeQuestionnaireKey(key: Key, card?: NumberedCard): QuestionnaireKeyRoute {
  const full = key.full ?? key.name ?? '';
  if (full === 'C-c') return { kind: 'interrupt' };
  if (key.name === 'enter' && (key.shift || key.meta)) return { kind: 'swallow' };
  const named = NAMED[full] ?? (key.ctrl || key.meta ? undefined : NAMED[key.name ?? '']);
  if (named) return { kind: 'action', action: { type: named } as QuestionnaireAction };
  const ch = printable(key);
  if (card && ch !== undefined && /^[1-9]$/.test(ch) && digitPicks(card, Number(ch))) {
    return { kind: 'action', action: { type: 'select', row: Number(ch) - 1 } };
  }
  if (ch !== undefined) return { kind: 'action', action: { type: 'insert', text: ch } };
  return { kind: 'swallow' };
}

/** Pasted text goes into the free-form answer. */
export function routeQuestionnairePaste(text: string): QuestionnaireKeyRoute {
  return { kind: 'action', action: { type: 'insert', text } };
}
