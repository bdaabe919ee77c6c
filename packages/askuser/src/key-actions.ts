import type { QuestionnaireAction } from './questionnaire-action';
import type { QuestionnaireModel } from './questionnaire-model';

/**
 * What each key action means on the row and caret where it is pressed, as intents of `model`:
 * Enter on an option selects it (a multi-select question: toggles it, as Space does), Enter on
 * `Done` or while editing submits, Enter on the free-form row starts editing; Left/Right move the
 * caret inside a typed answer and move between questions elsewhere. No answer rule lives here.
 * Each action is one intent, so it returns what that intent does: whether anything changed.
 */
export function applyKeyAction(model: QuestionnaireModel, action: QuestionnaireAction): boolean {
  const question = model.questionIndex;
  const option: string | undefined = model.current.options[model.selected];
  const typing = model.editing && model.draft !== '';
  switch (action.type) {
    case 'up':
      return model.moveSelection(-1);
    case 'down':
      return model.moveSelection(1);
    case 'enter':
      if (option !== undefined && model.multiSelect) return model.toggle(question, option);
      if (option !== undefined) return model.select(question, option);
      if (model.selected === model.doneRow || model.editing) return model.submit();
      return model.startEditing();
    case 'space':
      if (option !== undefined && model.multiSelect) return model.toggle(question, option);
      return model.insertText(' ');
    case 'escape':
      return model.cancel();
    case 'back':
      return model.back();
    case 'next':
      return model.next();
    case 'insert':
      return model.insertText(action.text);
    case 'backspace':
      return model.eraseChar('back');
    case 'delete':
      return model.eraseChar('forward');
    case 'left':
      return typing ? model.moveCaret('back') : model.back();
    case 'right':
      return typing ? model.moveCaret('forward') : model.next();
    case 'home':
      return model.moveCaret('start');
    case 'end':
      return model.moveCaret('end');
    case 'word-left':
      return model.moveCaret('word-back');
    case 'word-right':
      return model.moveCaret('word-forward');
    case 'erase-word':
      return model.eraseTo('word-start');
    case 'erase-start':
      return model.eraseTo('start');
    case 'erase-end':
      return model.eraseTo('end');
  }
}
