import { getEventListeners } from 'node:events';
import type { PermissionRequest } from '../permission';
import { ManualPerson } from './manual-person';
import { PersonQueue, QuestionnaireBusyError } from './person-queue';
import { askPerson, type AnyPersonRequest } from './person-request';

const questionnaire = { questions: [{ question: 'Go?', options: ['Yes', 'No'] }] };
const ask = { questionnaire };
const form = { server: 'deploy', message: 'Which?', questions: [] };
const approval: PermissionRequest = {
  toolCallId: 'c1',
  toolName: 'run_shell',
  permission: 'exec',
  title: '$ ls',
  input: { command: 'ls' },
};

describe('ManualPerson (the test harness channel)', () => {
  it('parks one request until it is answered by id, once', async () => {
    const person = new ManualPerson();
    const answer = askPerson(person, 'questionnaire', ask, {
      signal: new AbortController().signal,
      toolCallId: 'call_1',
    });
    const shown = person.current!;
    expect(shown.kind).toBe('questionnaire');
    expect(shown.toolCallId).toBe('call_1');
    expect(shown.kind === 'questionnaire' && shown.payload.questionnaire).toBe(questionnaire);
    expect(person.answer({ answers: ['x'], cancelled: false }, 'other-id')).toBe(false);
    expect(person.answer({ answers: ['Yes'], cancelled: false, custom: [false] }, shown.id)).toBe(
      true,
    );
    await expect(answer).resolves.toEqual({ answers: ['Yes'], cancelled: false, custom: [false] });
    expect(person.answer({ answers: ['No'], cancelled: false })).toBe(false);
  });

  it('rejects a second questionnaire while one is pending, without queueing it', async () => {
    const person = new ManualPerson();
    let shown = 0;
    person.onShow(() => shown++);
    const signal = new AbortController().signal;
    const first = askPerson(person, 'questionnaire', ask, { signal });
    await expect(askPerson(person, 'questionnaire', ask, { signal })).rejects.toBeInstanceOf(
      QuestionnaireBusyError,
    );
    expect(shown).toBe(1);
    person.answer({ answers: [], cancelled: true });
    await expect(first).resolves.toEqual({ answers: [], cancelled: true });
    const third = askPerson(person, 'questionnaire', ask, { signal });
    expect(shown).toBe(2);
    person.answer({ answers: ['No'], cancelled: false });
    await expect(third).resolves.toEqual({ answers: ['No'], cancelled: false });
  });

  it('on abort rejects with the reason, clears the slot and removes its listeners', async () => {
    const person = new ManualPerson();
    const controller = new AbortController();
    const answer = askPerson(person, 'questionnaire', ask, { signal: controller.signal });
    controller.abort('turn interrupted');
    await expect(answer).rejects.toBe('turn interrupted');
    expect(person.current).toBeUndefined();
    expect(person.queue.pending).toEqual([]);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const next = askPerson(person, 'questionnaire', ask, { signal: new AbortController().signal });
    expect(person.current).toBeDefined();
    person.answer({ answers: ['Yes'], cancelled: false });
    await next;
  });

  it('rejects at once for an aborted signal and for a kind nobody answers', async () => {
    const person = new ManualPerson(['approval']);
    const controller = new AbortController();
    controller.abort('gone');
    await expect(
      askPerson(person, 'approval', approval, { signal: controller.signal }),
    ).rejects.toBe('gone');
    expect(person.canAnswer('questionnaire')).toBe(false);
    await expect(
      askPerson(person, 'questionnaire', ask, { signal: new AbortController().signal }),
    ).rejects.toThrow(/nobody here answers questionnaire/);
    expect(person.current).toBeUndefined();
  });

  it('releases the request when the front end fails to show it', async () => {
    const person = new ManualPerson();
    person.onShow(() => {
      throw new Error('screen destroyed');
    });
    const signal = new AbortController().signal;
    await expect(askPerson(person, 'questionnaire', ask, { signal })).rejects.toThrow(
      'screen destroyed',
    );
    expect(person.queue.pending).toEqual([]);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});

describe('PersonQueue', () => {
  function screen() {
    const shown: AnyPersonRequest[] = [];
    const withdrawn: unknown[] = [];
    const queue = new PersonQueue({
      show: (request) => void shown.push(request),
      withdrawn: (request, reason) => withdrawn.push([request.id, reason]),
    });
    return {
      queue,
      shown,
      withdrawn,
      answer: (id: string, value: unknown) => queue.settleShown(id, { answer: value }),
    };
  }

  it('shows one request at a time across kinds; the next waits unseen', async () => {
    const { queue, shown, answer } = screen();
    const signal = new AbortController().signal;
    const questions = askPerson(queue, 'questionnaire', ask, { signal });
    const serverForm = askPerson(queue, 'form', form, { signal });
    const card = askPerson(queue, 'approval', approval, { signal });
    expect(shown.map((r) => r.kind)).toEqual(['questionnaire']);
    expect(queue.pending.map((r) => r.kind)).toEqual(['questionnaire', 'form', 'approval']);
    answer(shown[0]!.id, { answers: ['Yes'], cancelled: false });
    await expect(questions).resolves.toEqual({ answers: ['Yes'], cancelled: false });
    expect(shown.map((r) => r.kind)).toEqual(['questionnaire', 'form']);
    answer(shown[1]!.id, { action: 'accept', answers: [] });
    await expect(serverForm).resolves.toEqual({ action: 'accept', answers: [] });
    answer(shown[2]!.id, { kind: 'allow' });
    await expect(card).resolves.toEqual({ kind: 'allow' });
    expect(queue.pending).toEqual([]);
  });

  it('drops a waiting request whose signal aborts without ever showing it', async () => {
    const { queue, shown, answer } = screen();
    const first = askPerson(queue, 'approval', approval, { signal: new AbortController().signal });
    const controller = new AbortController();
    const second = askPerson(queue, 'form', form, { signal: controller.signal });
    controller.abort(new Error('server cancelled'));
    await expect(second).rejects.toThrow('server cancelled');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    answer(shown[0]!.id, { kind: 'allow' });
    await first;
    expect(shown.map((r) => r.kind)).toEqual(['approval']);
    expect(queue.pending).toEqual([]);
  });

  it('moves on when the shown request aborts, saying it was withdrawn', async () => {
    const { queue, shown, withdrawn } = screen();
    const controller = new AbortController();
    const first = askPerson(queue, 'approval', approval, { signal: controller.signal });
    const second = askPerson(queue, 'approval', approval, { signal: new AbortController().signal });
    const stopped = new Error('interrupted');
    controller.abort(stopped);
    await expect(first).rejects.toThrow('interrupted');
    expect(withdrawn).toEqual([[shown[0]!.id, stopped]]);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(shown).toHaveLength(2);
    expect(queue.pending.map((r) => r.id)).toEqual([shown[1]!.id]);
    void second;
  });

  it('moves on when the shown request aborts even if its presenter fails on the withdrawal', async () => {
    const shown: AnyPersonRequest[] = [];
    const queue = new PersonQueue({
      show: (request) => void shown.push(request),
      withdrawn: () => {
        throw new Error('presenter broke');
      },
    });
    const controller = new AbortController();
    const first = askPerson(queue, 'approval', approval, { signal: controller.signal });
    const second = askPerson(queue, 'approval', approval, { signal: new AbortController().signal });
    controller.abort(new Error('interrupted'));
    await expect(first).rejects.toThrow('interrupted');
    expect(queue.pending.map((r) => r.id)).toEqual([shown[1]!.id]);
    void second;
  });

  it('answers the waiting requests an "always" covers, without showing them', async () => {
    const { queue, shown, answer } = screen();
    const signal = new AbortController().signal;
    const first = askPerson(queue, 'approval', approval, { signal });
    const second = askPerson(queue, 'approval', { ...approval, toolCallId: 'c2' }, { signal });
    const other = askPerson(queue, 'form', form, { signal });
    expect(queue.answerWaiting((r) => r.kind === 'approval', { kind: 'allow' })).toHaveLength(1);
    await expect(second).resolves.toEqual({ kind: 'allow' });
    answer(shown[0]!.id, { kind: 'allow', always: true });
    await first;
    expect(shown.map((r) => r.kind)).toEqual(['approval', 'form']);
    void other;
  });

  it('settles only the request shown now, once', async () => {
    const { queue, shown, answer } = screen();
    const signal = new AbortController().signal;
    const first = askPerson(queue, 'approval', approval, { signal });
    const second = askPerson(queue, 'form', form, { signal });
    const waitingId = queue.pending[1]!.id;
    expect(answer(waitingId, { kind: 'allow' })).toBe(false);
    expect(queue.settleShown(shown[0]!.id, { error: new Error('could not show it') })).toBe(true);
    await expect(first).rejects.toThrow('could not show it');
    expect(answer(shown[0]!.id, { kind: 'allow' })).toBe(false);
    expect(queue.current?.id).toBe(waitingId);
    expect(answer(waitingId, { action: 'decline' })).toBe(true);
    await expect(second).resolves.toEqual({ action: 'decline' });
    expect(queue.current).toBeUndefined();
  });
});
