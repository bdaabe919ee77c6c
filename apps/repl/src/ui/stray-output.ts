import { StringDecoder } from 'node:string_decoder';
import { format } from 'node:util';
import { stripTerminalControls, TerminalTextFilter } from '@agent/llm/text';

/** Where stray output comes from (the real `console` and `process` unless a test passes others). */
export interface StrayOutputSources {
  console: Pick<Console, 'log' | 'info' | 'debug' | 'warn' | 'error'>;
  process: { emitWarning: NodeJS.Process['emitWarning']; stderr: { write: unknown } };
}

const CONSOLE_METHODS = ['log', 'info', 'debug', 'warn', 'error'] as const;

/**
 * While the screen is up anything else printed to the terminal corrupts it (an SDK's
 * deprecation warning, say). Console methods, process warnings and direct writes to stderr are
 * turned into `onText` calls, one per message, trailing whitespace removed, terminal escapes
 * dropped (whole, even when a write cuts one in two). Returns the function
 * that puts everything back.
 */
export function captureStrayOutput(
  onText: (text: string) => void,
  sources: StrayOutputSources = { console, process },
): () => void {
  const target = sources.console;
  const proc = sources.process;
  const saved = {
    console: CONSOLE_METHODS.map((name) => [name, target[name]] as const),
    emitWarning: proc.emitWarning,
    write: proc.stderr.write,
    ownWrite: Object.prototype.hasOwnProperty.call(proc.stderr, 'write'),
  };
  let inside = false;
  const note = (text: string): void => {
    const trimmed = text.replace(/\s+$/, '');
    if (!trimmed || inside) return;
    inside = true;
    try {
      onText(trimmed);
    } catch {
      // Showing a notice must never break the code that printed it.
    } finally {
      inside = false;
    }
  };
  for (const name of CONSOLE_METHODS) {
    target[name] = (...args: unknown[]) => note(stripTerminalControls(format(...args)));
  }
  proc.emitWarning = ((warning: string | Error, options?: unknown) => {
    const type =
      typeof options === 'string'
        ? options
        : ((options as { type?: string } | undefined)?.type ?? 'Warning');
    note(
      stripTerminalControls(
        typeof warning === 'string' ? `${type}: ${warning}` : `${warning.name}: ${warning.message}`,
      ),
    );
  }) as NodeJS.Process['emitWarning'];
  // Writes arrive in pieces: a sequence (or a UTF-8 character) cut between two is carried over.
  const filter = new TerminalTextFilter();
  const decoder = new StringDecoder('utf8');
  proc.stderr.write = (chunk: unknown, encoding?: unknown, callback?: unknown): boolean => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    note(filter.push(decoder.write(bytes)));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  };
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    for (const [name, method] of saved.console) target[name] = method;
    proc.emitWarning = saved.emitWarning;
    if (saved.ownWrite) proc.stderr.write = saved.write;
    else delete (proc.stderr as { write?: unknown }).write;
  };
}
