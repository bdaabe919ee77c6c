import { askPerson, type QuestionnaireProgress } from '@agent/tools';
import { CardTable, type Card, type CardViewer } from '../src';

const questionnaire = {
  questions: [
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style?', options: ['REST', 'GraphQL'] },
    { question: 'Which region?', options: ['eu-west', 'us-east'] },
  ],
};

/** One viewer that remembers the card it was shown and every progress it was told. */
function viewer(name: string) {
  const heard: QuestionnaireProgress[] = [];
  const shown: Card[] = [];
  const seat: CardViewer = {
    name,
    kinds: ['questionnaire'],
    show: (card) => void shown.push(card),
    progressed: (_id, progress) => void heard.push(progress),
  };
  return { seat, heard, shown };
}

describe('CardTable: the answers so far of a shown questionnaire, shared by its viewers', () => {
  it('tells the other viewers and the listeners, keeps every answer, and fills in a late card', () => {
    const events: Array<{ progress: QuestionnaireProgress; by: string }> = [];
    const table = new CardTable(
      {
        shown: () => undefined,
        waiting: () => undefined,
        progressed: (_id, progress, by) => void events.push({ progress, by }),
        closed: () => undefined,
      },
      undefined,
    );
    const terminal = viewer('the terminal');
    const page = viewer('the web page');
    table.attach(terminal.seat);
    table.attach(page.seat);
    const kept: QuestionnaireProgress[] = [];
    const asked = askPerson(
      table,
      'questionnaire',
      { questionnaire, onProgress: (progress) => void kept.push(progress) },
      { signal: new AbortController().signal, toolCallId: 'ask_1' },
    );
    const card = terminal.shown[0]!;
    if (card.request.kind !== 'questionnaire') throw new Error('not a questionnaire');
    const id = card.request.id;

    // The terminal answers question 1 on its card.
    card.request.payload.onProgress?.({ answers: ['SQLite'], custom: [false] });
    expect(page.heard).toEqual([{ answers: ['SQLite'], custom: [false] }]);
    expect(terminal.heard).toEqual([]);
    expect(events).toEqual([
      { progress: { answers: ['SQLite'], custom: [false] }, by: 'the terminal' },
    ]);

    // The page, not yet told of it, answers question 3: question 1's answer stays.
    const later = [{ question: 2, answer: 'us-east', custom: false }];
    expect(table.progress(id, { answers: [], custom: [], later }, 'the web page')).toBeUndefined();
    const both = { answers: ['SQLite'], custom: [false], later };
    expect(kept.at(-1)).toEqual(both);
    expect(terminal.heard).toEqual([both]);
    // The page lacked question 1's answer, so it is told everything too.
    expect(page.heard.at(-1)).toEqual(both);

    // A viewer that joins now gets the card with those answers filled in.
    const late = table.shown!;
    expect(late.request.kind === 'questionnaire' && late.request.payload.answered).toEqual(both);

    // The same answers again change nothing and are told to nobody.
    card.request.payload.onProgress?.(both);
    expect(terminal.heard).toHaveLength(1);
    expect(events).toHaveLength(2);

    expect(table.progress('nope', both, 'the web page')).toMatch(/no questionnaire nope/);
    table.answer(
      id,
      {
        kind: 'questionnaire',
        result: { answers: ['SQLite', 'REST', 'us-east'], cancelled: false },
      },
      'the web page',
    );
    return expect(asked).resolves.toMatchObject({ answers: ['SQLite', 'REST', 'us-east'] });
  });
});
