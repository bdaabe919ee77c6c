import { askPerson } from '@agent/tools';
import { CardTable, type CardAnswer, type CardViewer } from '../src';

/**
 * Where the person answered a call's own card is kept for its record (`answeredOn`) only for a
 * questionnaire or a plan: a server's form or URL asked during an MCP call carries the call's id,
 * but the call's record says how the call itself was approved.
 */
describe("CardTable: where a call's own card was answered", () => {
  /** A table whose one viewer, the web page, answers each card it is shown with `answer`. */
  function answeredOnThePage(answer: (kind: string) => CardAnswer): CardTable {
    const table = new CardTable(
      {
        shown: () => undefined,
        waiting: () => undefined,
        progressed: () => undefined,
        closed: () => undefined,
      },
      undefined,
    );
    const page: CardViewer = {
      name: 'the web page',
      kinds: ['questionnaire', 'form', 'url', 'plan'],
      show: (card, give) => {
        const problem = give(answer(card.request.kind));
        if (problem) throw new Error(problem);
      },
    };
    table.attach(page);
    return table;
  }
  const signal = new AbortController().signal;

  it('is kept for a plan', async () => {
    const table = answeredOnThePage(() => ({
      kind: 'plan',
      decision: { decision: 'keep-planning', note: 'more' },
    }));
    await askPerson(table, 'plan', { plan: '# Plan' }, { signal, toolCallId: 'p1' });
    expect(table.takeAnsweredOn('p1')).toBe('the web page');
  });

  it("is not kept for an MCP server's form or URL asked during the call", async () => {
    const table = answeredOnThePage((kind) =>
      kind === 'form'
        ? { kind: 'form', outcome: { action: 'decline' } }
        : { kind: 'url', outcome: { action: 'accept' } },
    );
    await askPerson(
      table,
      'form',
      { server: 'everything', message: 'Who?', questions: [] },
      { signal, toolCallId: 'm1' },
    );
    await askPerson(
      table,
      'url',
      { server: 'everything', message: 'Open it', url: 'https://example.com/' },
      { signal, toolCallId: 'm1' },
    );
    expect(table.takeAnsweredOn('m1')).toBeUndefined();
  });
});
