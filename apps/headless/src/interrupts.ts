/** How long an interrupted run may take to wind down before the process exits anyway. */
export const INTERRUPT_GRACE_MS = 1000;

/**
 * SIGINT and SIGTERM interrupt the run (`interrupt`: the loop ends, the session is saved); a
 * second signal, or the run still going `INTERRUPT_GRACE_MS` after the first, exits at once with
 * `exitCode`. Returns a function that removes the handlers (and the pending exit).
 */
export function abortOnSignals(interrupt: () => void, exitCode: number): () => void {
  let interrupted = false;
  let forceExit: NodeJS.Timeout | undefined;
  const onSignal = (): void => {
    if (interrupted) process.exit(exitCode);
    interrupted = true;
    interrupt();
    forceExit = setTimeout(() => process.exit(exitCode), INTERRUPT_GRACE_MS);
    forceExit.unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    clearTimeout(forceExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
