import type { AnyPersonRequest } from '@agent/tools';
import { AnsweredElsewhere, type Card } from './cards';
import { ShownCopies } from './shown-copies';

function card(id: string, signal = new AbortController().signal): Card {
  const request = {
    id,
    kind: 'questionnaire',
    payload: { questionnaire: { questions: [] } },
    signal,
  } as unknown as AnyPersonRequest;
  return { request };
}

describe("a viewer's copies of the cards it shows", () => {
  it('closes a copy answered elsewhere with that answer, and one refused elsewhere with the reason', () => {
    const copies = new ShownCopies();
    const answered = copies.open(card('a'));
    const refused = copies.open(card('b'));
    copies.closed('a', { how: 'answered', by: 'the web page' });
    copies.closed('b', { how: 'withdrawn', reason: 'the web page could not show it' });
    expect(answered.reason).toBeInstanceOf(AnsweredElsewhere);
    expect((answered.reason as AnsweredElsewhere).by).toBe('the web page');
    expect((refused.reason as Error).message).toBe('the web page could not show it');
  });

  it("leaves a card withdrawn with its request to the request's own reason", () => {
    const copies = new ShownCopies();
    const turn = new AbortController();
    // The table closes the card from its own abort listener, added before the copy was opened.
    turn.signal.addEventListener('abort', () =>
      copies.closed('a', { how: 'withdrawn', reason: 'interrupted' }),
    );
    const copy = copies.open(card('a', turn.signal));
    const why = new Error('approved by the mode');
    turn.abort(why);
    expect(copy.reason).toBe(why);
  });

  it('does nothing for a copy answered here (forgotten) or never shown', () => {
    const copies = new ShownCopies();
    const copy = copies.open(card('a'));
    copies.forget('a');
    copies.closed('a', { how: 'answered', by: 'the terminal' });
    copies.closed('zzz', { how: 'withdrawn', reason: 'gone' });
    expect(copy.aborted).toBe(false);
  });
});
