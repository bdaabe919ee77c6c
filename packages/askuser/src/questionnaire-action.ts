import type { Answer, LaterAnswer, QuestionnaireProgress } from '@agent/tool-contract';

/** What a key press means to the questionnaire; the UI maps its key events onto these. */
export type QuestionnaireAction =
  | { type: 'up' }
  | { type: 'down' }
  | { type: 'enter' }
  | { type: 'escape' }
  /** Shift+Tab: the previous question, its answer selected or its text editable. */
  | { type: 'back' }
  /** Tab: the next question. */
  | { type: 'next' }
  /** Space: ticks or unticks an option row of a multi-select question; elsewhere it types. */
  | { type: 'space' }
  | { type: 'insert'; text: string }
  | { type: 'backspace' }
  | { type: 'delete' }
  /** Left/Right move the caret while editing a typed answer; otherwise between questions. */
  | { type: 'left' }
  | { type: 'right' }
  | { type: 'home' }
  | { type: 'end' }
  /** Readline editing of the typed answer: by words (Alt+B/F), and to the start or end. */
  | { type: 'word-left' }
  | { type: 'word-right' }
  /** Ctrl+W: the word before the caret; Ctrl+U: all before it; Ctrl+K: all after it. */
  | { type: 'erase-word' }
  | { type: 'erase-start' }
  | { type: 'erase-end' };

export type QuestionnaireStatus = 'active' | 'answered' | 'cancelled';

export interface QuestionnaireOptions {
  /**
   * The answers given before (a questionnaire offered again after a crash): the card opens at
   * the first unanswered question with these filled in, and going back changes them. When every
   * question was answered, it opens at the last one with its answer selected.
   */
  answered?: {
    answers: readonly Answer[];
    custom: readonly boolean[];
    /** Answers given out of order, after the first question without one. */
    later?: readonly LaterAnswer[];
  };
  /**
   * Reviewing answers given before (`/amend`): the card opens at the first question and resolves
   * only when the last question is answered, every question having an answer.
   */
  review?: boolean;
  /**
   * Answers the person kept as decisions (`/remember`), by question: a question without an answer
   * opens with its kept answer selected (ticked, or typed in), for the person to confirm or change.
   * Nothing counts as answered until the person records it.
   */
  preset?: readonly { question: number; answer: Answer; decidedAt?: string }[];
  /**
   * Checks a one-string answer before it is recorded (an MCP server's form: typed values against
   * the field's schema); a message refuses it and is shown as the hint.
   */
  check?(index: number, answer: string, typed: boolean): string | undefined;
  /**
   * Hears every change of the answers given so far (an answer recorded, changed or cleared), so
   * the session can keep each one as it is given; a listener that throws is ignored.
   */
  onProgress?(progress: QuestionnaireProgress): void;
}
