import type { Key } from '../input/key';
import type { Line } from '../text/line';
import type { CustomSegment } from '../view/segment';
import type { PickOutcome } from './pick-list';
import type { ReplApp } from './repl-app';

/** What `openPicker` shows: a list's rows, answering keys (and pastes, if it filters) with outcomes. */
export interface ModalList<T> {
  done: boolean;
  render(width: number): Line[];
  handleKey(key: Key): PickOutcome<T>;
  paste?(text: string): PickOutcome<T>;
}

/**
 * Shows `picker` in the transcript as a modal (behind any card already open: the modal slot
 * queues it) until it is picked or closed, or `signal` aborts. `onOther` handles Delete and the
 * picker's extra keys, and keeps it open. Resolves with the picked value, or undefined.
 */
export function openPicker<T>(
  app: ReplApp,
  picker: ModalList<T>,
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
    const handle = (outcome: PickOutcome<T>): void => {
      if (outcome.type === 'picked') return settle(outcome.value);
      if (outcome.type === 'closed') return settle(undefined);
      if (outcome.type === 'delete' || outcome.type === 'key') onOther?.(outcome);
      if (outcome.type !== 'ignored') app.transcript.touch(segment);
    };
    const { paste } = picker;
    const close = app.modals.open({
      hint,
      handleKey: (key) => handle(picker.handleKey(key)),
      ...(paste ? { handlePaste: (text: string) => handle(paste.call(picker, text)) } : {}),
      cancel: () => settle(undefined),
    });
    app.transcript.add(segment);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
