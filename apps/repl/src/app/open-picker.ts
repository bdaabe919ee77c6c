import type { CustomSegment } from '../view/segment';
import type { PickList, PickOutcome } from './pick-list';
import type { ReplApp } from './repl-app';

/**
 * Shows `picker` in the transcript as a modal (behind any card already open: the modal slot
 * queues it) until it is picked or closed, or `signal` aborts. `onOther` handles Delete and the
 * picker's extra keys, and keeps it open. Resolves with the picked value, or undefined.
 */
export function openPicker<T>(
  app: ReplApp,
  picker: PickList<T>,
  hint: string,
  signal: AbortSignal,
  onOther?: (outcome: Extract<PickOutcome<T>, { type: 'delete' | 'key' }>) => void,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const segment: CustomSegment = { kind: 'custom', render: (width) => picker.render(width) };
    const settle = (value: T | undefined): void => {
      picker.done = true;
      signal.removeEventListener('abort', onAbort);
      close();
      app.transcript.touch(segment);
      resolve(value);
    };
    const onAbort = (): void => settle(undefined);
    const close = app.modals.open({
      hint,
      handleKey: (key) => {
        const outcome = picker.handleKey(key);
        if (outcome.type === 'picked') return settle(outcome.value);
        if (outcome.type === 'closed') return settle(undefined);
        if (outcome.type === 'delete' || outcome.type === 'key') onOther?.(outcome);
        if (outcome.type !== 'ignored') app.transcript.touch(segment);
      },
      cancel: () => settle(undefined),
    });
    app.transcript.add(segment);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
