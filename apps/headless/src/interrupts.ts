/**
 * SIGINT and SIGTERM abort the run (the loop ends, the session is saved); a second signal exits
 * at once with `exitCode`. Returns a function that removes the handlers.
 */
export function abortOnSignals(controller: AbortController, exitCode: number): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) process.exit(exitCode);
    controller.abort(new Error(`interrupted by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
