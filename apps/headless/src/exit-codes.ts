/** Process exit codes of the headless runner (DESIGN.md "Command-line interface"). */
export const EXIT = {
  done: 0,
  failed: 1,
  usage: 2,
  interrupted: 130,
  /** Standard output closed by its reader (128 + SIGPIPE, as a shell reports such a writer). */
  brokenPipe: 141,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A problem with how the runner was invoked: reported with a hint to `--help`, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
