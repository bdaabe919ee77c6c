import {
  checkFormAnswer,
  type FormAnswer,
  type FormQuestion,
  type FormQuestionnaire,
  type Questionnaire,
} from '@agent/tools';
import { showControls } from '@agent/llm/text';

/** The extra option of a field the server marked optional. */
export const SKIP_LABEL = 'Skip (leave it empty)';

/**
 * An MCP server's form as questions of the questionnaire card, one per field: the field's
 * options (its default first), `Skip` for optional fields; text and number fields are typed in
 * the card's free-form row. A multi-choice field offers its defaults together first, then each
 * option alone; several options are typed separated by commas. The server's titles and options
 * show escape, bidi and zero-width characters as their notation (`\x1b`, `\u202e`); a chosen
 * option is mapped back to the server's own value by {@link toFormAnswer}.
 */
export function formToQuestionnaire(form: FormQuestionnaire): Questionnaire {
  return {
    questions: form.questions.map((question) => ({
      question: showControls(question.question),
      options: optionsOf(question).map(showControls),
    })),
  };
}

function optionsOf(question: FormQuestion): string[] {
  const options =
    question.kind === 'multi-choice' && question.defaults && question.defaults.length > 1
      ? [question.defaults.join(', '), ...question.options]
      : [...question.options];
  if (!question.required && !options.includes(SKIP_LABEL)) options.push(SKIP_LABEL);
  return options;
}

/** The form answer a row (its shown label) or a typed text stands for. */
export function toFormAnswer(question: FormQuestion, shown: string, typed: boolean): FormAnswer {
  if (!typed && shown === SKIP_LABEL && !question.required) return null;
  const answer = typed
    ? shown
    : (optionsOf(question).find((option) => showControls(option) === shown) ?? shown);
  if (question.kind === 'multi-choice') {
    return answer
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  }
  return typed ? answer.trim() : answer;
}

/** Why an answer does not fit its field (checkFormAnswer), or undefined when it fits. */
export function checkAnswer(
  question: FormQuestion,
  answer: string,
  typed: boolean,
): string | undefined {
  if (typed && !question.typed && question.kind !== 'multi-choice') {
    return 'Choose one of the options with ↑↓ and Enter';
  }
  const problem = checkFormAnswer(question, toFormAnswer(question, answer, typed));
  return problem === undefined ? undefined : capitalize(problem);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
