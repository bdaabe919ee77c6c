import { QuestionnaireModel } from '@agent/askuser';
import type { Key } from '../input/key';
import { routeQuestionnaireKey, routeQuestionnairePaste } from './questionnaire-keys';

const key = (name: string, extra: Partial<Key> = {}): Key => ({ name, full: name, ...extra });

describe('routeQuestionnaireKey', () => {
  it('maps navigation, editing and Esc to model actions', () => {
    expect(routeQuestionnaireKey(key('up'))).toEqual({ kind: 'action', action: { type: 'up' } });
    expect(routeQuestionnaireKey(key('down'))).toEqual({
      kind: 'action',
      action: { type: 'down' },
    });
    expect(routeQuestionnaireKey(key('enter'))).toEqual({
      kind: 'action',
      action: { type: 'enter' },
    });
    expect(routeQuestionnaireKey(key('escape'))).toEqual({
      kind: 'action',
      action: { type: 'escape' },
    });
    expect(routeQuestionnaireKey(key('backspace'))).toEqual({
      kind: 'action',
      action: { type: 'backspace' },
    });
    expect(routeQuestionnaireKey({ name: 'x', ch: 'x', full: 'x' })).toEqual({
      kind: 'action',
      action: { type: 'insert', text: 'x' },
    });
    expect(routeQuestionnaireKey({ name: 'space', ch: ' ', full: 'space' })).toEqual({
      kind: 'action',
      action: { type: 'insert', text: ' ' },
    });
  });

  it('leaves Ctrl+C to the app and swallows everything else', () => {
    expect(routeQuestionnaireKey({ name: 'c', ctrl: true, full: 'C-c' })).toEqual({
      kind: 'interrupt',
    });
    for (const other of [
      { name: 'return', ch: '\r', full: 'return' },
      { name: 'tab', ch: '\t', full: 'tab' },
      { name: 'linefeed', ch: '\n', full: 'linefeed' },
      { name: 'l', ctrl: true, full: 'C-l' },
      { name: 'enter', shift: true, full: 'S-enter' },
      { name: 'f1', full: 'f1' },
    ]) {
      expect(routeQuestionnaireKey(other)).toEqual({ kind: 'swallow' });
    }
  });

  it('drives a model through a two-question card with one Enter per key press', () => {
    const model = new QuestionnaireModel({
      questions: [
        { question: 'A?', options: ['a1', 'a2'] },
        { question: 'B?', options: ['b1', 'b2'] },
      ],
    });
    const feed = (...keys: Key[]) => {
      for (const k of keys) {
        const route = routeQuestionnaireKey(k);
        if (route.kind === 'action') model.dispatch(route.action);
      }
    };
    const enter: Key[] = [
      { name: 'return', ch: '\r', full: 'return' },
      { name: 'enter', ch: '\r', full: 'enter' },
    ];
    feed(key('down'), ...enter);
    const paste = routeQuestionnairePaste('typed\nanswer');
    if (paste.kind === 'action') model.dispatch(paste.action);
    feed(...enter);
    expect(model.result).toEqual({
      answers: ['a2', 'typed answer'],
      cancelled: false,
      custom: [false, true],
    });
  });
});
