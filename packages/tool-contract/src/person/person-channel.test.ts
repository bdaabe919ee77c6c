import { getEventListeners } from 'node:events';
import type { PermissionRequest } from '../permission';
import { personChannel } from './person-channel';
import { askPerson } from './person-request';

const approval: PermissionRequest = {
  toolCallId: 'c1',
  toolName: 'run_shell',
  permission: 'exec',
  title: '$ ls',
  input: { command: 'ls' },
};
const questionnaire = { questions: [{ question: 'Go?', options: ['Yes', 'No'] }] };

describe('personChannel (a handler per kind)', () => {
  it('answers each kind it has a handler for with that handler, narrowed to its kind', async () => {
    const seen: string[] = [];
    // No casts: each handler returns its own kind's answer.
    const channel = personChannel({
      approval: (request) => {
        seen.push(request.payload.title);
        return { kind: 'allow' };
      },
      questionnaire: async (request) => ({
        answers: request.payload.questionnaire.questions.map((q) => q.options[0]!),
        cancelled: false,
      }),
      form: () => ({ action: 'decline' }),
      plan: (request) => ({
        decision: 'keep-planning',
        note: `too short: ${request.payload.plan}`,
      }),
    });
    const signal = new AbortController().signal;
    expect(
      ['approval', 'questionnaire', 'form', 'url', 'plan'].map((k) =>
        channel.canAnswer(k as never),
      ),
    ).toEqual([true, true, true, false, true]);
    await expect(askPerson(channel, 'approval', approval, { signal })).resolves.toEqual({
      kind: 'allow',
    });
    expect(seen).toEqual(['$ ls']);
    await expect(
      askPerson(channel, 'questionnaire', { questionnaire }, { signal }),
    ).resolves.toEqual({
      answers: ['Yes'],
      cancelled: false,
    });
    await expect(
      askPerson(channel, 'form', { server: 's', message: 'm', questions: [] }, { signal }),
    ).resolves.toEqual({ action: 'decline' });
    await expect(askPerson(channel, 'plan', { plan: 'x' }, { signal })).resolves.toEqual({
      decision: 'keep-planning',
      note: 'too short: x',
    });
  });

  it('rejects a kind it has no handler for at once, naming it', async () => {
    const channel = personChannel({ approval: () => ({ kind: 'allow' }) });
    await expect(
      askPerson(
        channel,
        'url',
        { server: 's', message: 'm', url: 'https://example.com' } as never,
        {
          signal: new AbortController().signal,
        },
      ),
    ).rejects.toThrow('this person channel answers no url requests');
  });

  it('rejects with the abort reason when the request is withdrawn, and keeps no listener', async () => {
    let started!: () => void;
    const asked = new Promise<void>((resolve) => (started = resolve));
    // A handler that never looks at the signal and never answers.
    const channel = personChannel({
      approval: () => {
        started();
        return new Promise(() => {});
      },
    });
    const controller = new AbortController();
    const answer = askPerson(channel, 'approval', approval, { signal: controller.signal });
    await asked;
    controller.abort(new Error('the turn was interrupted'));
    await expect(answer).rejects.toThrow('the turn was interrupted');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
