import { getEventListeners } from 'node:events';
import { AskUserBroker, AskUserBusyError, type QuestionnaireSettlement } from './broker';

const questionnaire = { questions: [{ question: 'Go?', options: ['Yes', 'No'] }] };

describe('AskUserBroker', () => {
  it('parks one request until the UI resolves it and tells the UI how it ended', async () => {
    const broker = new AskUserBroker();
    const settled: QuestionnaireSettlement[] = [];
    broker.onSettle((s) => settled.push(s));
    broker.onRequest(() => undefined);
    const answer = broker.ask(questionnaire, new AbortController().signal);
    const id = broker.pending!.id;
    expect(broker.pending!.questionnaire).toBe(questionnaire);
    expect(broker.resolve({ answers: ['x'], cancelled: false }, 'other-id')).toBe(false);
    expect(broker.resolve({ answers: ['Yes'], cancelled: false, custom: [false] }, id)).toBe(true);
    await expect(answer).resolves.toEqual({ answers: ['Yes'], cancelled: false, custom: [false] });
    expect(settled).toEqual([
      { id, outcome: 'answered', result: { answers: ['Yes'], cancelled: false, custom: [false] } },
    ]);
    expect(broker.resolve({ answers: ['No'], cancelled: false })).toBe(false);
  });

  it('rejects a second request while one is pending, without queueing it', async () => {
    const broker = new AskUserBroker();
    let requests = 0;
    broker.onRequest(() => requests++);
    const signal = new AbortController().signal;
    const first = broker.ask(questionnaire, signal);
    await expect(broker.ask(questionnaire, signal)).rejects.toBeInstanceOf(AskUserBusyError);
    expect(requests).toBe(1);
    broker.resolve({ answers: [], cancelled: true });
    await expect(first).resolves.toEqual({ answers: [], cancelled: true });
    const third = broker.ask(questionnaire, signal);
    expect(requests).toBe(2);
    broker.resolve({ answers: ['No'], cancelled: false });
    await expect(third).resolves.toEqual({ answers: ['No'], cancelled: false });
  });

  it('on abort rejects with the reason, clears the slot, removes its listener and reports it', async () => {
    const broker = new AskUserBroker();
    const settled: QuestionnaireSettlement[] = [];
    broker.onSettle((s) => settled.push(s));
    broker.onRequest(() => undefined);
    const controller = new AbortController();
    const answer = broker.ask(questionnaire, controller.signal);
    const id = broker.pending!.id;
    controller.abort('turn interrupted');
    await expect(answer).rejects.toBe('turn interrupted');
    expect(broker.hasPending()).toBe(false);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(settled).toEqual([{ id, outcome: 'aborted', reason: 'turn interrupted' }]);
    const next = broker.ask(questionnaire, new AbortController().signal);
    expect(broker.hasPending()).toBe(true);
    broker.resolve({ answers: ['Yes'], cancelled: false });
    await next;
  });

  it('rejects at once for an already aborted signal and when no UI listens', async () => {
    const broker = new AskUserBroker();
    const controller = new AbortController();
    controller.abort('gone');
    await expect(broker.ask(questionnaire, controller.signal)).rejects.toBe('gone');
    await expect(broker.ask(questionnaire, new AbortController().signal)).rejects.toThrow(
      /no questionnaire UI/,
    );
    const stop = broker.onRequest(() => undefined);
    stop();
    await expect(broker.ask(questionnaire, new AbortController().signal)).rejects.toThrow(
      /no questionnaire UI/,
    );
    expect(broker.hasPending()).toBe(false);
  });

  it('releases the request when the UI fails to show it', async () => {
    const broker = new AskUserBroker();
    broker.onRequest(() => {
      throw new Error('screen destroyed');
    });
    const signal = new AbortController().signal;
    await expect(broker.ask(questionnaire, signal)).rejects.toThrow('screen destroyed');
    expect(broker.hasPending()).toBe(false);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});
