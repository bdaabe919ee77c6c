import type { QuestionnaireAction } from '@agent/askuser';
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
  tab: 'next',
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

/**
 * Maps one key event to the questionnaire. Enter arrives from blessed as both `return` and
 * `enter`: only `enter` acts. Ctrl+C is the only key that escapes the card. Every printable key,
 * digits included, is typed (ASK_USER.md section 9); Space reaches the card as `space`, which
 * ticks an option of a multi-select question and types a space elsewhere.
 */
export function routeQuestionnaireKey(key: Key): QuestionnaireKeyRoute {
  const full = key.full ?? key.name ?? '';
  if (full === 'C-c') return { kind: 'interrupt' };
  if (key.name === 'enter' && (key.shift || key.meta)) return { kind: 'swallow' };
  const named = NAMED[full] ?? (key.ctrl || key.meta ? undefined : NAMED[key.name ?? '']);
  if (named) return { kind: 'action', action: { type: named } as QuestionnaireAction };
  const ch = printable(key);
  if (ch === ' ') return { kind: 'action', action: { type: 'space' } };
  if (ch !== undefined) return { kind: 'action', action: { type: 'insert', text: ch } };
  return { kind: 'swallow' };
}

/** Pasted text goes into the free-form answer. */
export function routeQuestionnairePaste(text: string): QuestionnaireKeyRoute {
  return { kind: 'action', action: { type: 'insert', text } };
}
