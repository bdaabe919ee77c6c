import * as path from 'node:path';
import { USER_NAMESPACE } from './bwrap-probe';
import type { HiddenPath } from './hidden-paths';
import type { HostSockets } from './host-sockets';
import { SANDBOX_TMP } from './sandbox-environment';

export { SANDBOX_TMP, sandboxEnvironment } from './sandbox-environment';

/** What one sandboxed command may reach. */
export interface SandboxLayout {
  /** The workspace's real path: writable, and the command's working directory. */
  workspace: string;
  /** Inside the workspace but read-only (see protected-paths.ts). */
  readOnly: readonly string[];
  /** Hidden from the command (credential folders, the agent home). */
  hidden: readonly HiddenPath[];
  /** The host's unix sockets, hidden but for those the person allowed (see host-sockets.ts). */
  sockets: HostSockets;
  /** Share the host's network (the person approved it for this one command). */
  network: boolean;
  /** The command gets a user namespace of its own (where the kernel allows one: see probeBwrap). */
  userNamespace: boolean;
}

/**
 * bubblewrap's arguments before the command: the whole file system read-only, a fresh /dev and
 * /proc (its own process ids, so no other process and its environment is visible), a private
 * /tmp, the workspace writable but for its protected entries, the hidden paths covered (an empty
 * folder, or an unreadable file), the host's socket folders covered by an empty one, no network
 * unless allowed. Order matters: later mounts cover earlier ones, so /tmp comes before a
 * workspace that lies under it, the hidden paths after the workspace, and the sockets the person
 * allowed last.
 *
 * The command keeps no capability (`--cap-drop ALL`), also when the agent runs as root, and gets
 * a user namespace of its own where the kernel allows one, in which it cannot make another
 * (`--disable-userns`): without that, root inside could remount `/` writable or unmount what
 * hides a path. /dev/tty is covered and the command runs in a session of its own
 * (`--new-session`): through the terminal a command could type into the person's prompt
 * (TIOCSTI), where `!` commands run unsandboxed. `--die-with-parent` and the process id namespace
 * make every process of the command die with bubblewrap, which runs in the process group the
 * shell tool stops (see process-groups.ts).
 */
export function bwrapArguments(layout: SandboxLayout): string[] {
  const args = [
    ...(layout.userNamespace ? USER_NAMESPACE : []),
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
  ];
  const { sockets } = layout;
  const inFolder = (target: string): boolean =>
    sockets.folders.some((folder) => contains(folder, target));
  for (const folder of sockets.folders) args.push('--tmpfs', folder);
  // Bound back before the folders turn read-only: bubblewrap makes the mount points in them.
  for (const file of sockets.readable) args.push('--ro-bind', file, file);
  for (const socket of sockets.allowed.filter(inFolder)) args.push('--bind', socket, socket);
  for (const folder of sockets.folders) args.push('--remount-ro', folder);
  args.push('--bind', layout.workspace, layout.workspace);
  for (const entry of layout.readOnly) args.push('--ro-bind', entry, entry);
  for (const hidden of layout.hidden) {
    // Hiding a folder the workspace lies in would hide the workspace.
    if (contains(hidden.path, layout.workspace)) continue;
    if (hidden.directory) args.push('--tmpfs', hidden.path, '--remount-ro', hidden.path);
    else args.push('--ro-bind', '/dev/null', hidden.path);
  }
  for (const file of sockets.files) args.push('--ro-bind', '/dev/null', file);
  for (const socket of sockets.allowed) {
    const inHidden = layout.hidden.some(
      (hidden) => hidden.directory && contains(hidden.path, socket),
    );
    if (!inFolder(socket) && !inHidden) args.push('--bind', socket, socket);
  }
  if (!layout.network) args.push('--unshare-net');
  args.push(
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--cap-drop',
    'ALL',
    '--new-session',
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
