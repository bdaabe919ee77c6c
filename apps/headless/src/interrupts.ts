/**
 * SIGINT and SIGTERM interrupt the run (`interrupt`: the loop ends, the session is saved); a
 * second signal exits at once with `exitCode`. Returns a function that removes the handlers.
 */
export function abortOnSignals(interrupt: () => void, exitCode: number): () => void {
  let interrupted = false;
  const onSignal = (): void => {
    if (interrupted) process.exit(exitCode);
    interrupted = true;
    interrupt();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
