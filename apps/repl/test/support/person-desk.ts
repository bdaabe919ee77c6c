import { CardTable } from '@agent/runtime';
import { askPerson, type PersonRequestKinds, type PersonRequestKind } from '@agent/tools';
import type { ReplHost } from '../../src/app/extension';
import { ModalSlot } from '../../src/app/modal';
import type { Key } from '../../src/input/key';
import { presentForm, presentUrl } from '../../src/elicitation/elicitation-cards';
import { presentQuestionnaire } from '../../src/ask-user/ask-user-extension';
import { presentApproval } from '../../src/person/approval-card';
import type { CardNotifier } from '../../src/person/card-notifier';
import { ReplCards } from '../../src/person/repl-person';
import type { PromptTyping } from '../../src/person/typing-guard';
import { Transcript } from '../../src/view/transcript';

/** A prompt the cards type into while they are inert: its text and the keys it got. */
export class TestPrompt implements PromptTyping {
  text = '';
  active(): boolean {
    return this.text !== '';
  }
  key(key: Key): void {
    if (key.name === 'backspace') this.text = this.text.slice(0, -1);
    else if (key.ch) this.text += key.ch;
  }
  paste(text: string): void {
    this.text += text;
  }
}

/**
 * The runtime's card table with the REPL's cards as its one viewer, over a bare host (no screen),
 * with every card of the app (and `notifier` hearing its cards, if given).
 */
export function personDesk(rows = 200, notifier?: CardNotifier) {
  let paints = 0;
  const host: ReplHost = {
    transcript: new Transcript(),
    modals: new ModalSlot(),
    requestPaint: () => void paints++,
    viewportRows: () => rows,
    followTail: () => undefined,
    settings: { maxAskUser: 3 },
  };
  const prompt = new TestPrompt();
  const cards = new ReplCards(
    host,
    {
      approval: presentApproval,
      questionnaire: presentQuestionnaire,
      form: presentForm,
      url: presentUrl,
    },
    prompt,
    (problem) => {
      throw new Error(`the answer was not taken: ${problem}`);
    },
  );
  // The table's events reach the notifier as a conversation says them.
  const person = new CardTable(
    {
      shown: (card) => notifier?.hear({ type: 'card_shown', card }),
      waiting: () => undefined,
      progressed: () => undefined,
      closed: (id, closing) => notifier?.hear({ type: 'card_closed', id, closing }),
    },
    undefined,
  );
  person.attach(cards);
  const ask = <K extends PersonRequestKind>(
    kind: K,
    payload: PersonRequestKinds[K]['payload'],
    signal = new AbortController().signal,
    toolCallId?: string,
  ) => askPerson(person, kind, payload, { signal, ...(toolCallId ? { toolCallId } : {}) });
  /** Presses keys on the active card: named keys as named, other strings typed. */
  const press = (...keys: Array<string | Key>) => {
    for (const key of keys) {
      const modal = host.modals.active;
      if (!modal) throw new Error('no active modal');
      if (typeof key !== 'string') modal.handleKey(key);
      else if (['up', 'down', 'enter', 'escape', 'backspace', 'tab', 'S-tab'].includes(key))
        modal.handleKey({ name: key, full: key });
      else for (const ch of key) modal.handleKey({ name: ch, ch, full: ch });
    }
  };
  return { host, person, prompt, ask, press, paints: () => paints };
}
