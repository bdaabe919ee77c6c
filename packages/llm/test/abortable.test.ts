import { getEventListeners } from 'node:events';
import { abortable } from '../src';

/** Collects the unhandled rejections seen until the next few turns of the event loop. */
async function unhandledDuring(act: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const record = (reason: unknown): void => {
    seen.push(reason);
  };
  process.on('unhandledRejection', record);
  try {
    await act();
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', record);
  }
  return seen;
}

describe('abortable', () => {
  it('settles with the value or the error, leaving no abort listener', async () => {
    const controller = new AbortController();
    await expect(abortable(Promise.resolve(7), controller.signal)).resolves.toEqual({
      kind: 'value',
      value: 7,
    });
    const error = new Error('boom');
    await expect(abortable(Promise.reject(error), controller.signal)).resolves.toEqual({
      kind: 'error',
      error,
    });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('settles aborted the moment the signal aborts, while the promise still runs', async () => {
    const controller = new AbortController();
    const waiting = abortable(new Promise<never>(() => undefined), controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    await expect(waiting).resolves.toEqual({ kind: 'aborted' });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('settles aborted at once when the signal has aborted, even if the promise has settled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(abortable(Promise.resolve('late'), controller.signal)).resolves.toEqual({
      kind: 'aborted',
    });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('swallows the rejection of a promise that fails after the abort', async () => {
    const controller = new AbortController();
    let fail!: (error: Error) => void;
    const running = new Promise<never>((_resolve, reject) => (fail = reject));
    const unhandled = await unhandledDuring(async () => {
      const waiting = abortable(running, controller.signal);
      controller.abort();
      await expect(waiting).resolves.toEqual({ kind: 'aborted' });
      fail(new Error('failed after the abort'));
    });
    expect(unhandled).toEqual([]);
  });
});
