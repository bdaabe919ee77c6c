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

/** The answers given so far while a questionnaire is open; `custom[i]`: answer i was typed. */
export interface QuestionnaireProgress {
  answers: string[];
  custom: boolean[];
}

/**
 * The channel from an interactive tool to the person (implemented by the REPL). At most one
 * request is pending; a second is rejected at once. Aborting `signal` rejects with its reason
 * and leaves nothing pending. `onProgress`, when given, hears every change of the answers so
 * far (so an interrupted call can still report them).
 */
export interface AskUserRequester {
  ask(
    questionnaire: Questionnaire,
    signal: AbortSignal,
    onProgress?: (progress: QuestionnaireProgress) => void,
  ): Promise<QuestionnaireResult>;
}
