import { QuestionnaireModel } from '@agent/askuser';
import { lineText, lineWidth } from '../text/line';
import { layoutQuestionnaireCard } from './questionnaire-card';
import { QuestionnaireSegment } from './questionnaire-segment';

// What the demo provider asks, and a question too long for a 30x10 terminal's card.
const demo = {
  questions: [
    { question: 'Which language should the example use?', options: ['TypeScript', 'Python', 'Go'] },
    {
      question: 'How thorough should the tests be?',
      options: ['Unit tests only', 'Unit and integration tests'],
    },
  ],
};
const long = {
  questions: [
    {
      question:
        'Which of the three storage engines should the importer write to when the archive is larger than the memory limit set in the config?',
      options: ['SQLite', 'PostgreSQL', 'Files'],
    },
  ],
};

/** A 30x10 terminal: three rows go to the separator, the input and the status line. */
const WIDTH = 30;
const ROWS = 7;

const inner = (row: string) => row.replace(/^│ ?| *│$/g, '').trim();

describe('the card on a 30x10 terminal', () => {
  it('fits the screen on every row with its border, header, whole question and selection', () => {
    const model = new QuestionnaireModel(demo);
    for (let question = 0; question < 2; question++) {
      const options = demo.questions[question]!.options;
      for (let row = 0; row < model.rows.length; row++) {
        const layout = layoutQuestionnaireCard(model, WIDTH, { maxRows: ROWS, strip: true });
        const text = layout.lines.map(lineText);
        expect(text.length).toBeLessThanOrEqual(ROWS);
        for (const line of layout.lines) expect(lineWidth(line)).toBeLessThanOrEqual(WIDTH);
        expect(text[0]).toMatch(/^╭─+╮$/);
        expect(text.at(-1)).toMatch(/^╰.*╯$/);
        // Shortened to make room for PgUp/PgDn when the selected option is cut.
        expect(text[1]).toMatch(
          new RegExp(`Question ${question + 1} of 2|Q${question + 1}/2 · PgUp`),
        );
        const body = text.slice(1, -1).map(inner).join(' ');
        expect(body).toContain(demo.questions[question]!.question);
        const label = row < options.length ? options[row]! : 'Type your answer';
        expect(body).toContain(`❯ ${row + 1}. ${label.split(' ')[0]}`);
        model.dispatch({ type: 'down' });
      }
      model.dispatch({ type: 'enter' });
    }
  });

  it('counts the options it hides in its bottom border', () => {
    const model = new QuestionnaireModel(demo);
    model.dispatch({ type: 'down' });
    const text = layoutQuestionnaireCard(model, WIDTH, { maxRows: ROWS, strip: true }).lines.map(
      lineText,
    );
    expect(text.at(-1)).toMatch(/^╰─ ↑ 1 · ↓ 2 more ─+╯$/);
  });

  // 30x8, 30x10 and 30x12, with a selected option that is cut too (PageDown scrolls it first).
  it.each([5, 7, 9])(
    'PageDown scrolls a question taller than a card of %i rows through every row, none cut or too wide',
    (screenRows) => {
      const card = {
        questions: [
          {
            ...long.questions[0]!,
            options: ['SQLite, the one with the smallest footprint', 'PostgreSQL', 'Files'],
          },
        ],
      };
      const segment = new QuestionnaireSegment(card, undefined, { rows: () => screenRows });
      const rows = new Map<number, string>();
      for (let page = 0; ; page++) {
        const lines = segment.render(WIDTH);
        const text = lines.map(lineText);
        expect(text.length).toBeLessThanOrEqual(screenRows);
        for (const line of lines) expect(lineWidth(line)).toBeLessThanOrEqual(WIDTH);
        expect(text.join('\n')).toContain('❯');
        const where = /PgUp\/PgDn (\d+)-(\d+)\/(\d+)/.exec(text[1]!);
        expect(where).not.toBeNull();
        const [from, to, all] = where!.slice(1).map(Number) as [number, number, number];
        for (let i = from; i <= to; i++) {
          rows.set(i, inner(text[1 + i - from + 1]!).replace(/^…|…$/g, ''));
        }
        if (to >= all) break;
        expect(segment.scrollQuestion(1)).toBe(true);
        expect(page).toBeLessThan(30);
      }
      const words = [...rows.keys()].sort((a, b) => a - b).map((i) => rows.get(i));
      expect(words.join(' ')).toBe(long.questions[0]!.question);
    },
  );

  it('PageDown shows the rest of a cut selected option, still marked as selected', () => {
    const segment = new QuestionnaireSegment(demo, undefined, { rows: () => ROWS });
    expect(segment.render(WIDTH).map(lineText).join('\n')).toContain('❯ 1. TypeScript');
    expect(segment.scrollQuestion(1)).toBe(true);
    const text = segment.render(WIDTH).map(lineText);
    expect(text.length).toBeLessThanOrEqual(ROWS);
    expect(text).toContainEqual(expect.stringMatching(/^│ ❯ ↑ +\(recommended\) +│$/));
  });
});
