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
  });

  it('leaves Ctrl+C to the app and swallows everything else', () => {
    expect(routeQuestionnaireKey({ name: 'c', ctrl: true, full: 'C-c' })).toEqual({
      kind: 'interrupt',
    });
    for (const other of [
      { name: 'return', ch: '\r', full: 'return' },
      { name: 'linefeed', ch: '\n', full: 'linefeed' },
      { name: 'l', ctrl: true, full: 'C-l' },
      { name: 'enter', shift: true, full: 'S-enter' },
      { name: 'f1', full: 'f1' },
    ]) {
      expect(routeQuestionnaireKey(other)).toEqual({ kind: 'swallow' });
    }
  });

  it('edits a typed answer with the readline keys of the prompt', () => {
    const model = new QuestionnaireModel({
      questions: [{ question: 'A?', options: ['a1', 'a2'] }],
    });
    const press = (full: string) => {
      const routed = routeQuestionnaireKey(
        full.length === 1 ? { name: full, ch: full, full } : { name: full.split('-')[1]!, full },
      );
      if (routed.kind === 'action') model.dispatch(routed.action);
    };
    for (const ch of 'use the staging db') press(ch);
    press('C-w');
    expect(model.draft).toBe('use the staging ');
    press('M-b');
    press('C-left');
    expect(model.cursor).toBe('use '.length);
    press('C-k');
    expect(model.draft).toBe('use ');
    press('M-f');
    press('C-a');
    press('M-right');
    press('C-u');
    expect([model.draft, model.cursor]).toEqual([' ', 0]);
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
      answers: ['a2', 'typed\nanswer'],
      cancelled: false,
      custom: [false, true],
    });
  });
  it('every digit is typed, on an option row too: `2025 budget` is the answer (issue 25)', () => {
    const model = new QuestionnaireModel({
      questions: [{ question: 'Which budget?', options: ['b1', 'b2', 'b3'] }],
    });
    for (const ch of '2025 budget\r') {
      const k =
        ch === '\r'
          ? key('enter')
          : ch === ' '
            ? { name: 'space', ch, full: 'space' }
            : { name: ch, ch, full: ch };
      const route = routeQuestionnaireKey(k);
      if (route.kind === 'action') model.dispatch(route.action);
    }
    expect(model.result).toEqual({ answers: ['2025 budget'], cancelled: false, custom: [true] });
  });

  it('Tab goes to the next question and Space reaches the card as space', () => {
    expect(routeQuestionnaireKey({ name: 'tab', full: 'tab' })).toEqual({
      kind: 'action',
      action: { type: 'next' },
    });
    expect(routeQuestionnaireKey({ name: 'space', ch: ' ', full: 'space' })).toEqual({
      kind: 'action',
      action: { type: 'space' },
    });
  });

  it('types digits when no card is given (MCP forms: numbers are answers there)', () => {
    expect(routeQuestionnaireKey({ name: '1', ch: '1', full: '1' })).toEqual({
      kind: 'action',
      action: { type: 'insert', text: '1' },
    });
  });
});
