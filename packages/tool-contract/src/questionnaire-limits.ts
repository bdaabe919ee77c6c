/**
 * Bounds of a questionnaire: what `ask_user` (and a subagent's `request_clarification`) accepts,
 * and what a card can show.
 */
export const ASK_USER_LIMITS = {
  minQuestions: 1,
  maxQuestions: 10,
  minOptions: 2,
  maxOptions: 6,
  maxQuestionChars: 1000,
  maxOptionChars: 300,
  maxAnswerChars: 4000,
} as const;
