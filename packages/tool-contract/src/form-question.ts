/** How one field of a server's form is answered. */
export type FormFieldKind = 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'multi-choice';

/**
 * One field of a form a server asks the person to fill in (MCP elicitation, form mode), as a
 * question of the questionnaire card. Plain data: it can be recorded in a session as it is.
 */
export interface FormQuestion {
  /** The property of the reply this answers. */
  key: string;
  /** What the person reads: the field's title, then its description. */
  question: string;
  kind: FormFieldKind;
  /**
   * The choices shown, the default first: the labels of a `choice` or `multi-choice` field,
   * `Yes`/`No` for a `boolean`, the default value alone for a `text` or number field that has one.
   */
  options: string[];
  /** A typed answer is accepted (text and number fields); choices accept only their options. */
  typed: boolean;
  /** Optional fields can be skipped: their answer is `null`. */
  required: boolean;
  /** Bounds checked by `checkFormAnswer`: lengths for text, values for numbers, counts for multi-choice. */
  min?: number;
  max?: number;
  /** For text fields: `email`, `uri`, `date` or `date-time`. */
  format?: string;
  /** For `multi-choice`: the options checked when the question appears. */
  defaults?: string[];
  /** The first option is the server's own default (the card marks it recommended only then). */
  defaulted?: boolean;
}

/** A server's form, one question per field. Forms may have more than ten fields. */
export interface FormQuestionnaire {
  /** The server's name as configured. */
  server: string;
  /** The server's message explaining the form. */
  message: string;
  questions: FormQuestion[];
}

/** One answer: a label or typed text; several labels for `multi-choice`; `null` when skipped. */
export type FormAnswer = string | string[] | null;

/** The person's reply to a form: answers in question order, or a decline (Esc) or cancel. */
export type FormOutcome =
  { action: 'accept'; answers: FormAnswer[] } | { action: 'decline' } | { action: 'cancel' };

/** A server asks the person to open a URL (MCP elicitation, URL mode). */
export interface UrlRequest {
  server: string;
  message: string;
  url: string;
}

/** How the person answered a server's request to open a URL. */
export interface UrlOutcome {
  action: 'accept' | 'decline' | 'cancel';
}
