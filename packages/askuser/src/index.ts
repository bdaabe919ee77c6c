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
// Named by QuestionnaireIntents' declarations (the drafts a keyboard front end edits).
export type { AnswerDrafts } from './answer-drafts';
export { ASK_USER_GUIDANCE } from './guidance';
export { savedQuestionnaire, type SavedCall, type SavedQuestionnaire } from './saved-questionnaire';
