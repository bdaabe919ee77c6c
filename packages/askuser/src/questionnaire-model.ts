import { fitAnswerLimit } from './answer-checks';
import { cleanInput } from './draft-text';
import { applyKeyAction } from './key-actions';
import type {
  QuestionnaireAction,
  QuestionnaireOptions,
  QuestionnaireStatus,
} from './questionnaire-action';
import { QuestionnaireIntents } from './questionnaire-intents';

export { DONE_LABEL, FREE_FORM_LABEL } from './question-rows';
export type { QuestionnaireAction, QuestionnaireOptions, QuestionnaireStatus };

/**
 * The questionnaire card of a keyboard front end: the intents (`QuestionnaireIntents`) plus the
 * selected row and the caret the keys move. Up/Down wrap around all rows. Printable input, digits
 * included, selects the free-form row and edits that question's draft at the caret, which
 * survives moving away. Each key action (`dispatch`) is mapped onto the intents by
 * `applyKeyAction`; no answer rule lives in the key handling.
 */
export class QuestionnaireModel extends QuestionnaireIntents {
  /** Applies one key action. Returns false when it changed nothing (or the card is resolved). */
  dispatch(action: QuestionnaireAction): boolean {
    return applyKeyAction(this, action);
  }

  /** Moves the selection `delta` rows, wrapping around; stops editing. */
  moveSelection(delta: number): boolean {
    return this.change(() => {
      const count = this.rows.length;
      this.row = (this.row + delta + count) % count;
      this.isEditing = false;
    });
  }

  /** Selects the free-form row and edits its draft, the caret at the end. */
  startEditing(): boolean {
    return this.change(() => this.editDraft());
  }

  /** Inserts typed or pasted text at the caret of the free-form answer (cut at the limit). */
  insertText(raw: string): boolean {
    return this.change(() => {
      const text = cleanInput(raw);
      if (text.length === 0) return;
      if (!this.isEditing || this.row !== this.freeFormRow) this.editDraft();
      const { piece, hint } = fitAnswerLimit(this.draft, text);
      if (hint !== undefined) this.notice = hint;
      this.drafts.insert(this.index, piece);
    });
  }

  /** Backspace (`back`) or Delete (`forward`) on the free-form row. */
  eraseChar(direction: 'back' | 'forward'): boolean {
    return this.change(() => {
      if (this.row !== this.freeFormRow) return;
      if (!this.isEditing) this.editDraft();
      this.drafts.erase(this.index, direction === 'back' ? -1 : 0);
    });
  }

  /** Moves the caret while editing. */
  moveCaret(step: 'back' | 'forward' | 'word-back' | 'word-forward' | 'start' | 'end'): boolean {
    return this.change(() => {
      if (!this.isEditing) return;
      if (step === 'start' || step === 'end') this.drafts.caretTo(this.index, step);
      else this.drafts.caretBy(this.index, step);
    });
  }

  /** While editing, erases from the caret to the start of the word before it, the start or the end. */
  eraseTo(where: 'word-start' | 'start' | 'end'): boolean {
    return this.change(() => {
      if (!this.isEditing) return;
      const to =
        where === 'word-start'
          ? this.drafts.wordStart(this.index)
          : where === 'start'
            ? 0
            : this.draft.length;
      this.drafts.eraseTo(this.index, to);
    });
  }
}
