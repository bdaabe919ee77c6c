import * as fs from 'node:fs';
import * as path from 'node:path';
import { SANDBOX_TMP } from './sandbox-environment';

/**
 * Where the host keeps its unix sockets: the docker socket, the system D-Bus, systemd's and
 * other daemons' sockets live under `/run` (`/var/run` is usually a link to it); the session
 * D-Bus, the ssh and gpg agents and the keyring under `$XDG_RUNTIME_DIR` (`/run/user/UID`).
 */
export const SOCKET_FOLDERS: readonly string[] = ['/run', '/var/run'];

/** What the sandbox does about the host's sockets (see hostSockets). */
export interface HostSockets {
  /** Folders covered by an empty read-only tmpfs. */
  folders: string[];
  /** Sockets outside those folders covered by an empty file (`SSH_AUTH_SOCK` wherever it points). */
  files: string[];
  /** The sockets the person allowed, bound back (after everything else is hidden). */
  allowed: string[];
  /** Files inside a covered folder bound back read-only (resolv.conf's target). */
  readable: string[];
}

/**
 * The host socket places to hide from a sandboxed command, by real path: SOCKET_FOLDERS and
 * `$XDG_RUNTIME_DIR` (folders), the socket `$SSH_AUTH_SOCK` names when it lies elsewhere, minus
 * any folder the workspace lies in (hiding it would hide the workspace). `allow` names sockets
 * the person lets commands reach (config.json `sandboxAllowSockets`): each that exists now and
 * is a socket is bound back, wherever it lies but in a hidden credential folder (one missing now
 * is skipped; it counts once it exists). The target
 * of /etc/resolv.conf, often under /run, is bound back read-only so that a command the person
 * let use the network can still look up names. Never throws.
 */
export function hostSockets(
  env: NodeJS.ProcessEnv,
  workspace: string,
  allow: readonly string[] = [],
): HostSockets {
  const folders: string[] = [];
  const candidates = [...SOCKET_FOLDERS, ...(env.XDG_RUNTIME_DIR ? [env.XDG_RUNTIME_DIR] : [])];
  for (const candidate of candidates) {
    const real = realDirectory(candidate);
    if (!real || real === '/' || contains(real, workspace)) continue;
    if (folders.some((folder) => contains(folder, real))) continue;
    for (let i = folders.length - 1; i >= 0; i--) {
      if (contains(real, folders[i]!)) folders.splice(i, 1);
    }
    folders.push(real);
  }
  const covered = (target: string): boolean => folders.some((folder) => contains(folder, target));
  const files: string[] = [];
  const agent = env.SSH_AUTH_SOCK ? realSocket(env.SSH_AUTH_SOCK) : undefined;
  const allowed = allow.map(realSocket).filter((real): real is string => real !== undefined);
  // The private /tmp hides the usual ssh-agent socket (/tmp/ssh-XXXX/agent.N) already.
  if (agent && !covered(agent) && !contains(SANDBOX_TMP, agent) && !allowed.includes(agent)) {
    files.push(agent);
  }
  const readable: string[] = [];
  const resolver = realPath('/etc/resolv.conf');
  if (resolver && covered(resolver)) readable.push(resolver);
  return { folders, files, allowed: [...new Set(allowed)], readable };
}

function realPath(candidate: string): string | undefined {
  try {
    return fs.realpathSync(candidate);
  } catch {
    return undefined;
  }
}

function realDirectory(candidate: string): string | undefined {
  const real = realPath(candidate);
  try {
    return real && fs.statSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

function realSocket(candidate: string): string | undefined {
  if (!path.isAbsolute(candidate)) return undefined;
  const real = realPath(candidate);
  try {
    return real && fs.statSync(real).isSocket() ? real : undefined;
  } catch {
    return undefined;
  }
}

function contains(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
