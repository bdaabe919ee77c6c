/** One question of a questionnaire; the first option is the model's recommendation. */
export interface Question {
  question: string;
  options: string[];
}

export interface Questionnaire {
  questions: Question[];
}

/** Answers in question order; when cancelled, only the answers completed before Esc. */
export interface QuestionnaireResult {
  answers: string[];
  cancelled: boolean;
}

/**
 * The channel from an interactive tool to the person (implemented by the REPL). At most one
 * request is pending; a second is rejected at once. Aborting `signal` rejects with its reason
 * and leaves nothing pending.
 */
export interface AskUserRequester {
  ask(questionnaire: Questionnaire, signal: AbortSignal): Promise<QuestionnaireResult>;
}
