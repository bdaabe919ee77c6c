import { execFile } from 'node:child_process';
import * as path from 'node:path';

/** git answers in a few milliseconds; one that takes longer is stopped and counted as no answer. */
const GIT_TIMEOUT_MS = 3_000;

/**
 * The absolute folder git runs `workspace`'s hooks from, as git itself finds it:
 * `git rev-parse --git-path hooks` follows core.hooksPath from every config scope (includes, `~`,
 * a relative value taken from the working tree's top level, which may lie above the workspace),
 * linked worktrees and a `.git` file, the same lookup git makes before it runs a hook. Undefined
 * when git is missing, the workspace is in no repository, git fails, takes longer than a few
 * seconds or `signal` aborts; it never rejects. `env` is git's environment (its PATH finds git).
 *
 * rev-parse runs nothing the repository's config names: no hooks, no pager (`--no-pager`, and
 * its output is a pipe), and no core.fsmonitor, which only commands that read the index start.
 */
export function gitHooksFolder(
  workspace: string,
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['--no-pager', '-C', workspace, 'rev-parse', '--git-path', 'hooks'],
      { env, signal, timeout: GIT_TIMEOUT_MS, killSignal: 'SIGKILL', encoding: 'utf8' },
      (error, stdout) => {
        // git ends its answer with one newline; a path may itself end in spaces.
        const answer = stdout.replace(/\n$/, '');
        if (error || answer === '' || answer.includes('\n')) resolve(undefined);
        else resolve(path.resolve(workspace, answer));
      },
    );
  });
}
