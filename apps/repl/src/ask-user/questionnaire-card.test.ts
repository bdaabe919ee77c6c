import { QuestionnaireModel } from '@agent/askuser';
import { summarizeQuestionnaire } from '@agent/tools';
import { lineText, lineWidth, type Line } from '../text/line';
import { renderQuestionnaireCard } from './questionnaire-card';
import { renderQuestionnaireSummary } from './questionnaire-summary';

const questionnaire = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL', 'gRPC'] },
  ],
};

const text = (lines: Line[]) => lines.map(lineText);

function expectWithin(lines: Line[], width: number) {
  for (const line of lines) expect(lineWidth(line)).toBeLessThanOrEqual(width);
}

describe('renderQuestionnaireCard', () => {
  it('shows the question number, the question, numbered options and the free-form row', () => {
    const model = new QuestionnaireModel(questionnaire);
    const lines = renderQuestionnaireCard(model, 60);
    expectWithin(lines, 60);
    const rows = text(lines).map((row) => row.replace(/^│ | *│$/g, '').trimEnd());
    expect(rows.slice(1, -1)).toEqual([
      'Question 1 of 2',
      'Which database should the service use?',
      '',
      '❯ 1. PostgreSQL (recommended)',
      '  2. SQLite',
      '  3. Type your answer',
      'Esc cancel · ↑↓ select · Enter choose · any key types',
    ]);
    const selected = lines[4]!.find((span) => span.text === 'PostgreSQL');
    expect(selected?.style).toBe('selected');
  });

  it("says what Enter sends when the typed answer is an option's number (digits type)", () => {
    const model = new QuestionnaireModel(questionnaire);
    model.dispatch({ type: 'insert', text: '2' });
    const hint = text(renderQuestionnaireCard(model, 80)).find((row) => row.includes('Enter'));
    expect(hint).toContain('Enter sends "2" as typed text · ↑↓ picks option 2');
    model.dispatch({ type: 'insert', text: '0' });
    const plain = text(renderQuestionnaireCard(model, 80)).find((row) => row.includes('Enter'));
    expect(plain).toContain('Esc cancel · Enter submit · ↑↓ choose an option');
  });

  it('wraps the keys hint between its pieces, never parting a key from what it does', () => {
    const model = new QuestionnaireModel(questionnaire);
    for (const width of [40, 50, 60, 70, 80]) {
      const lines = renderQuestionnaireCard(model, width, { strip: true });
      expectWithin(lines, width);
      const rows = text(lines).map((row) => row.replace(/^│ | *│$/g, '').trim());
      const hint = rows.slice(
        rows.findIndex((row) => row.startsWith('Esc cancel')),
        -1,
      );
      expect(hint.join(' · ')).toBe(
        'Esc cancel · ↑↓ select · Enter choose · any key types · Tab/Shift+Tab question',
      );
    }
  });

  it('shows the strip of questions on the ask_user card: current marked, answered ticked', () => {
    const model = new QuestionnaireModel(questionnaire);
    const strip = () => text(renderQuestionnaireCard(model, 70, { strip: true }))[2]!;
    expect(strip()).toContain('·[database]  ·API');
    model.dispatch({ type: 'enter' });
    expect(strip()).toContain('✓database  ·[API]');
    expect(text(renderQuestionnaireCard(model, 70, { strip: true })).at(-2)).toContain(
      'Tab/Shift+Tab question',
    );
  });

  it('follows the selection and shows the draft with a caret while editing', () => {
    const model = new QuestionnaireModel(questionnaire);
    model.dispatch({ type: 'enter' });
    model.dispatch({ type: 'insert', text: 'JSON-RPC' });
    model.dispatch({ type: 'left' });
    const rows = text(renderQuestionnaireCard(model, 60)).join('\n');
    expect(rows).toContain('Question 2 of 3'.replace('3', '2'));
    expect(rows).toContain('  1. REST (recommended)');
    expect(rows).toContain('❯ 4. Type your answer: JSON-RP▏C');
    expect(rows).toContain('Enter submit');
    model.dispatch({ type: 'up' });
    const away = text(renderQuestionnaireCard(model, 60)).join('\n');
    expect(away).toContain('❯ 3. gRPC');
    expect(away).toContain('  4. Type your answer: JSON-RPC');
    expect(away).not.toContain('▏');
  });

  it('shows the hint when an empty answer is refused', () => {
    const model = new QuestionnaireModel(questionnaire);
    model.dispatch({ type: 'up' });
    model.dispatch({ type: 'enter' });
    model.dispatch({ type: 'enter' });
    const last = text(renderQuestionnaireCard(model, 60)).slice(-3).join('\n');
    expect(last).toContain('Type an answer first');
  });

  it('wraps long questions, options and drafts at 40 columns without losing text', () => {
    const long = {
      questions: [
        {
          question: `Should we ${'really '.repeat(40)}migrate? ${'x'.repeat(90)}`,
          options: [`Keep ${'the current schema '.repeat(10)}`, 'y'.repeat(120)],
        },
      ],
    };
    const typing = new QuestionnaireModel(long);
    typing.dispatch({ type: 'insert', text: 'z'.repeat(200) });
    const choosing = new QuestionnaireModel(long);
    choosing.dispatch({ type: 'down' });
    const body = (lines: Line[]) =>
      text(lines)
        .map((row) => row.replace(/^│ | *│$/g, '').trim())
        .join('');
    for (const width of [40, 41, 57]) {
      const typed = renderQuestionnaireCard(typing, width);
      const chosen = renderQuestionnaireCard(choosing, width);
      expectWithin(typed, width);
      expectWithin(chosen, width);
      expect(body(typed)).toContain('x'.repeat(90));
      expect(body(typed)).toContain(`${'z'.repeat(200)}▏`);
      expect(body(chosen).replace(/\s/g, '')).toContain('y'.repeat(120));
      for (const lines of [typed, chosen]) {
        expect(
          text(lines).every((row, i) => i === 0 || i === lines.length - 1 || /^│.*│$/.test(row)),
        ).toBe(true);
      }
    }
  });

  it('shows a long option in full only while it is selected', () => {
    const long = `Keep ${'the current schema '.repeat(12)}END`;
    const model = new QuestionnaireModel({
      questions: [{ question: 'Migrate?', options: ['Yes', long] }],
    });
    const collapsed = text(renderQuestionnaireCard(model, 40));
    const start = collapsed.findIndex((row) => row.includes('2. Keep'));
    expect(collapsed[start + 1]).toMatch(/…\s*│$/);
    expect(collapsed.join('')).not.toContain('END');
    model.dispatch({ type: 'down' });
    const full = text(renderQuestionnaireCard(model, 40));
    expect(full.join('')).toContain('END');
    expect(full.length).toBeGreaterThan(collapsed.length + 3);
    expectWithin(renderQuestionnaireCard(model, 40), 40);
  });

  it('shows hostile model text literally: no escapes, no blessed tags interpreted', () => {
    const hostile = {
      questions: [
        {
          question: 'Pick {red-fg}one{/red-fg}\x1b[2J\x1b]0;pwned\x07 now',
          options: ['{bold}A{/bold}', 'B\x1b[31m\u202e'],
        },
      ],
    };
    const lines = renderQuestionnaireCard(new QuestionnaireModel(hostile), 50);
    const joined = text(lines).join('\n');
    expect(joined).not.toMatch(/[\x1b\x07\u202e]/);
    expect(joined).toContain('Pick {red-fg}one{/red-fg} now');
  });
});

describe('renderQuestionnaireSummary', () => {
  it('lists each question with its answer and marks typed ones', () => {
    const summary = summarizeQuestionnaire(questionnaire, {
      answers: ['SQLite', 'JSON-RPC'],
      cancelled: false,
      custom: [false, true],
    });
    expect(text(renderQuestionnaireSummary(summary, 60))).toEqual([
      '✓ Questionnaire: 2 answers',
      '  Which database should the service use?',
      '    → SQLite',
      '  Which API style should we expose?',
      '    → JSON-RPC (typed)',
    ]);
  });

  it('says how far a cancelled questionnaire got and wraps at 40 columns', () => {
    const summary = summarizeQuestionnaire(
      {
        questions: [{ question: 'q '.repeat(50), options: ['a', 'b'] }, ...questionnaire.questions],
      },
      { answers: ['b {red-fg}'.repeat(10)], cancelled: true },
    );
    const lines = renderQuestionnaireSummary(summary, 40);
    expectWithin(lines, 40);
    expect(lineText(lines[0]!)).toBe('⊘ Questionnaire cancelled after 1 of 3');
    // The summary names what was declined (ASK_USER.md section 9).
    expect(text(lines).slice(-4)).toEqual([
      '  Which database should the service use?',
      '    ⊘ not answered',
      '  Which API style should we expose?',
      '    ⊘ not answered',
    ]);
  });

  it('keeps the questions in their order when a later one was answered first', () => {
    const summary = summarizeQuestionnaire(questionnaire, {
      answers: [],
      cancelled: true,
      later: [{ question: 1, answer: 'REST' }],
    });
    expect(text(renderQuestionnaireSummary(summary, 60))).toEqual([
      '⊘ Questionnaire cancelled after 1 of 2',
      '  Which database should the service use?',
      '    ⊘ not answered',
      '  Which API style should we expose?',
      '    → REST',
    ]);
  });

  it('shows hostile questions and answers literally', () => {
    const summary = summarizeQuestionnaire(
      { questions: [{ question: 'Q\x1b[2J {bold}x{/bold}\u202e', options: ['a', 'b'] }] },
      { answers: ['typed\x1b]0;pwned\x07 {red-fg}'], cancelled: false, custom: [true] },
    );
    const lines = renderQuestionnaireSummary(summary, 60);
    expect(text(lines).join('\n')).not.toMatch(/[\x1b\x07\u202e]/);
    expect(text(lines)).toEqual([
      '✓ Questionnaire: 1 answer',
      '  Q {bold}x{/bold}',
      // Control characters are written as their notation (never sent to the terminal), and
      // with them the spacing is drawn, as for any answer holding hidden characters.
      '    → typed\\x1b]0;pwned\\x07␠{red-fg} (typed)',
    ]);
  });
});

describe('options that would look alike (issue 25)', () => {
  it('draws the whitespace that tells them apart, and leaves distinct options as they are', () => {
    const model = new QuestionnaireModel({
      questions: [
        {
          question: 'Which one?',
          options: ['ok', 'ok ', 'line1\nline2', 'line1 line2', 'a\tb', 'plain'],
        },
      ],
    });
    const rows = text(renderQuestionnaireCard(model, 60)).join('\n');
    expect(rows).toContain('1. ok (recommended)');
    expect(rows).toContain('2. ok␠ ');
    expect(rows).toContain('3. line1⏎line2');
    expect(rows).toContain('4. line1␠line2');
    expect(rows).toContain('5. a    b');
    expect(rows).toContain('6. plain');
  });

  it('draws a tab as → when it alone tells two options apart', () => {
    const model = new QuestionnaireModel({
      questions: [{ question: 'Which one?', options: ['a\tb', 'a b'] }],
    });
    const rows = text(renderQuestionnaireCard(model, 60)).join('\n');
    expect(rows).toContain('1. a→b (recommended)');
    expect(rows).toContain('2. a␠b');
  });
});
