export { ASK_USER_LIMITS, DEFAULT_MAX_ASK_USER } from './limits';
export { askUserInputSchema, codePoints, hasVisibleCharacter, type AskUserInput } from './schema';
export {
  ASK_USER_TOOL_NAME,
  askUserTool,
  createAskUserTool,
  interruptedOutput,
} from './ask-user-tool';
export {
  DONE_LABEL,
  FREE_FORM_LABEL,
  QuestionnaireModel,
  type QuestionnaireAction,
  type QuestionnaireOptions,
  type QuestionnaireStatus,
} from './questionnaire-model';
export { QuestionnaireIntents } from './questionnaire-intents';
export type { QuestionnaireState } from './questionnaire-state';
export { QuestionnaireIntentError } from './intent-checks';
// Named by QuestionnaireState's declarations (what a card holds, for the intents and keys on top).
export type { AnswerDrafts } from './answer-drafts';
export type { AnswerSheet, EarlierAnswers } from './answer-sheet';
export type { KeptDecisions } from './kept-decisions';
export { ASK_USER_GUIDANCE } from './guidance';
export { savedQuestionnaire, type SavedCall, type SavedQuestionnaire } from './saved-questionnaire';
