import { savedQuestionnaire, type SavedCall } from '@agent/askuser';
import { savedQuestionnaireText } from '@agent/tools';

// The wording every front end shares (the web page too); the editor's replay imports it here.
export { savedQuestionnaireText };

/**
 * An `ask_user` call as the compact text an editor shows in place of the live form, live and on
 * replay alike: the outcome, then each question with its answer (typed ones marked). Undefined
 * for another tool or a call that cannot be read back.
 */
export function questionnaireSummaryText(call: SavedCall): string | undefined {
  const saved = savedQuestionnaire(call);
  return saved ? savedQuestionnaireText(saved) : undefined;
}
