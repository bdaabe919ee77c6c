import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Credential folders and files under the home directory that a sandboxed command never sees: the
 * usual places where tools keep keys, tokens and cloud sign-ins.
 */
export const CREDENTIAL_PATHS: readonly string[] = [
  '.ssh',
  '.gnupg',
  '.aws',
  '.azure',
  '.kube',
  '.docker',
  '.config/gcloud',
  '.config/gh',
  '.config/hub',
  '.config/op',
  '.config/doctl',
  '.config/git/credentials',
  '.password-store',
  '.local/share/keyrings',
  '.oci',
  '.terraform.d',
  '.vault-token',
  '.netrc',
  '.git-credentials',
  '.npmrc',
  '.yarnrc',
  '.pypirc',
  '.gem/credentials',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.m2/settings.xml',
  '.gradle/gradle.properties',
  '.pgpass',
  '.my.cnf',
];

/** A path to hide, and whether it is a folder (hidden by an empty one) or a file. */
export interface HiddenPath {
  path: string;
  directory: boolean;
}

/**
 * The existing credential paths under `home` and the agent home, by real path (what the mount
 * must cover), without duplicates. A path that does not exist cannot be read either: bubblewrap
 * cannot mount over it, and the read-only file system stops a command from creating it (unless
 * it lies inside the workspace, where hiding it would not help).
 */
export function hiddenPaths(home: string | undefined, agentHome: string | undefined): HiddenPath[] {
  const candidates = [
    ...(agentHome ? [agentHome] : []),
    ...(home ? CREDENTIAL_PATHS.map((relative) => path.join(home, relative)) : []),
  ];
  const seen = new Set<string>();
  const hidden: HiddenPath[] = [];
  for (const candidate of candidates) {
    let real: string;
    let directory: boolean;
    try {
      real = fs.realpathSync(candidate);
      directory = fs.statSync(real).isDirectory();
    } catch {
      continue;
    }
    if (real === '/' || seen.has(real)) continue;
    seen.add(real);
    hidden.push({ path: real, directory });
  }
  return hidden;
}
