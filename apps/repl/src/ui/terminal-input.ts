import { PassThrough } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { PasteFilter } from '../input/paste-filter';
import { wheelRows } from '../input/wheel';

/** The terminal's input as the app receives it. */
export interface TtyInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/**
 * Sits between the terminal and blessed: bracketed pastes are taken out whole and reported to
 * `onPaste`, wheel bursts (alternate-scroll mode) to `onWheel`, which returns false to have them
 * taken as the arrow keys they are; `takeReports` takes out the terminal's answers to requests
 * (see WidthProbe); every other byte goes on to blessed's key parser through the returned stream.
 */
export function filterTerminalInput(
  input: TtyInput,
  onPaste: (text: string) => void,
  onWheel: (rows: number) => boolean = () => false,
  takeReports: (data: string) => string = (data) => data,
): { keys: PassThrough & TtyInput; dispose(): void } {
  const keys = new PassThrough() as PassThrough & TtyInput;
  keys.isTTY = true;
  keys.setRawMode = (mode: boolean) => {
    if (input.isTTY && input.setRawMode) input.setRawMode(mode);
    return keys;
  };
  const decoder = new StringDecoder('utf8');
  const filter = new PasteFilter(
    (received) => {
      const data = takeReports(received);
      if (data === '') return;
      const rows = wheelRows(data);
      if (rows === undefined || !onWheel(rows)) keys.write(data);
    },
    (text) => onPaste(text),
  );
  const onData = (chunk: Buffer | string) => {
    filter.push(typeof chunk === 'string' ? chunk : decoder.write(chunk));
  };
  input.on('data', onData);
  input.resume();
  return {
    keys,
    dispose: () => {
      input.removeListener('data', onData);
      input.pause();
    },
  };
}
