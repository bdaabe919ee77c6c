/**
 * A questionnaire call's title, live and in every replay (`ask 2 questions: Which database?`):
 * how many questions it asks and the first one, cut at 60 characters.
 */
export function questionnaireTitle(questionnaire: {
  questions: readonly { question: string }[];
}): string {
  const { questions } = questionnaire;
  const first = questions[0]?.question.trim().replace(/\s+/g, ' ') ?? '';
  const head = first.length > 60 ? `${first.slice(0, 59)}…` : first;
  return questions.length === 1 ? `ask: ${head}` : `ask ${questions.length} questions: ${head}`;
}
