import * as path from 'node:path';
import type { HiddenPath } from './hidden-paths';

/** What one sandboxed command may reach. */
export interface SandboxLayout {
  /** The workspace's real path: writable, and the command's working directory. */
  workspace: string;
  /** Inside the workspace but read-only (see protected-paths.ts). */
  readOnly: readonly string[];
  /** Hidden from the command (credential folders, the agent home). */
  hidden: readonly HiddenPath[];
  /** Share the host's network (the person approved it for this one command). */
  network: boolean;
}

/** The private temporary folder every sandboxed command gets (empty, writable, gone after). */
export const SANDBOX_TMP = '/tmp';

/**
 * bubblewrap's arguments before the command: the whole file system read-only, a fresh /dev and
 * /proc (its own process ids, so no other process and its environment is visible), a private
 * /tmp, the workspace writable but for its protected entries, the hidden paths covered (an empty folder, or an unreadable
 * file), no network unless allowed. Order matters: later mounts cover earlier ones, so /tmp comes
 * before a workspace that lies under it, and the hidden paths come last.
 *
 * /dev/tty is covered too: through it a command could type into the person's terminal
 * (TIOCSTI), where the agent's own prompt reads `!` commands that run unsandboxed.
 * `--die-with-parent` and the process id namespace make every process of the command die with
 * bubblewrap, which runs in the process group the shell tool stops (see process-groups.ts).
 */
export function bwrapArguments(layout: SandboxLayout): string[] {
  const args = [
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--ro-bind',
    '/dev/null',
    '/dev/tty',
    '--proc',
    '/proc',
    '--tmpfs',
    SANDBOX_TMP,
    '--bind',
    layout.workspace,
    layout.workspace,
  ];
  for (const entry of layout.readOnly) args.push('--ro-bind', entry, entry);
  for (const hidden of layout.hidden) {
    // Hiding a folder the workspace lies in would hide the workspace.
    if (contains(hidden.path, layout.workspace)) continue;
    if (hidden.directory) args.push('--tmpfs', hidden.path, '--remount-ro', hidden.path);
    else args.push('--ro-bind', '/dev/null', hidden.path);
  }
  if (!layout.network) args.push('--unshare-net');
  args.push(
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--die-with-parent',
    '--chdir',
    layout.workspace,
    '--',
  );
  return args;
}

function contains(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Environment variables a sandboxed command does not get: secrets by their usual names (API keys,
 * tokens, passwords; the provider credentials the agent itself runs with) and the ssh agent.
 */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|COOKIE|SESSION/i;

/** `env` for a sandboxed command: secrets left out, TMPDIR the private /tmp. */
export function sandboxEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (!SECRET_NAME.test(name)) kept[name] = value;
  }
  kept.TMPDIR = SANDBOX_TMP;
  return kept;
}
