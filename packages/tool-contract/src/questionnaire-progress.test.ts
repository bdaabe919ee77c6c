import { givenAnswers, mergedProgress, progressOf, sameProgress } from './questionnaire-progress';

describe("a questionnaire's answers so far, question by question", () => {
  it('reads the answers in order and later, and writes them back the same way', () => {
    const progress = {
      answers: ['SQLite'],
      custom: [false],
      later: [{ question: 2, answer: 'ap south', custom: true }],
    };
    const given = givenAnswers(progress, 3);
    expect(given).toEqual([
      { answer: 'SQLite', custom: false },
      undefined,
      { answer: 'ap south', custom: true },
    ]);
    expect(progressOf(given)).toEqual(progress);
  });

  it('merges one front end’s answers over those recorded, keeping what it had not heard of', () => {
    const earlier = { answers: ['SQLite'], custom: [false] };
    const incoming = {
      answers: [],
      custom: [],
      later: [{ question: 1, answer: ['Lint', 'Tests'], custom: false }],
    };
    const merged = mergedProgress(earlier, incoming, 3);
    expect(merged).toEqual({ answers: ['SQLite', ['Lint', 'Tests']], custom: [false, false] });
    expect(mergedProgress(merged, { answers: ['PostgreSQL'], custom: [false] }, 3).answers).toEqual(
      ['PostgreSQL', ['Lint', 'Tests']],
    );
    expect(sameProgress(merged, mergedProgress(merged, incoming, 3), 3)).toBe(true);
    expect(sameProgress(merged, earlier, 3)).toBe(false);
  });
});
