import type { QuestionnaireAction } from './questionnaire-action';
import type { QuestionnaireModel } from './questionnaire-model';

/**
 * What each key action means on the row and caret where it is pressed, as intents of `model`:
 * Enter on an option selects it (a multi-select question: toggles it, as Space does), Enter on
 * `Done` or while editing submits, Enter on the free-form row starts editing; Left/Right move the
 * caret inside a typed answer and move between questions elsewhere. No answer rule lives here.
 */
export function applyKeyAction(model: QuestionnaireModel, action: QuestionnaireAction): void {
  const question = model.questionIndex;
  const option: string | undefined = model.current.options[model.selected];
  const typing = model.editing && model.draft !== '';
  switch (action.type) {
    case 'up':
      model.moveSelection(-1);
      return;
    case 'down':
      model.moveSelection(1);
      return;
    case 'enter':
      if (option !== undefined && model.multiSelect) model.toggle(question, option);
      else if (option !== undefined) model.select(question, option);
      else if (model.selected === model.doneRow || model.editing) model.submit();
      else model.startEditing();
      return;
    case 'space':
      if (option !== undefined && model.multiSelect) model.toggle(question, option);
      else model.insertText(' ');
      return;
    case 'escape':
      model.cancel();
      return;
    case 'back':
      model.back();
      return;
    case 'next':
      model.next();
      return;
    case 'insert':
      model.insertText(action.text);
      return;
    case 'backspace':
      model.eraseChar('back');
      return;
    case 'delete':
      model.eraseChar('forward');
      return;
    case 'left':
      if (typing) model.moveCaret('back');
      else model.back();
      return;
    case 'right':
      if (typing) model.moveCaret('forward');
      else model.next();
      return;
    case 'home':
      model.moveCaret('start');
      return;
    case 'end':
      model.moveCaret('end');
      return;
    case 'word-left':
      model.moveCaret('word-back');
      return;
    case 'word-right':
      model.moveCaret('word-forward');
      return;
    case 'erase-word':
      model.eraseTo('word-start');
      return;
    case 'erase-start':
      model.eraseTo('start');
      return;
    case 'erase-end':
      model.eraseTo('end');
      return;
  }
}
