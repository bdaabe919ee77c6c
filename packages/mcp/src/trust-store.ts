import { promises as fs } from 'node:fs';
import path from 'node:path';
import { subjectChanges, type TrustSubject } from './trust-subject';

/** The file, in $AGENT_HOME, that remembers which workspaces' `.mcp.json` servers may start. */
export const TRUST_FILE = 'trusted-workspaces.json';

interface TrustEntry {
  trustedAt: string;
  /** The digest of the `.mcp.json` the person trusted (`LoadedConfig.workspaceDigest`). */
  mcpConfigSha256?: string;
  /** The programs and variables trusted with it (absent in trust given before they were kept). */
  programs?: Record<string, string>;
  variables?: string[];
}

interface TrustFile {
  version: 1;
  /** Real paths of trusted workspaces, with when and what was trusted. */
  workspaces: Record<string, TrustEntry>;
}

/**
 * Whether a workspace's `.mcp.json` may start: `trusted` (this very configuration was trusted),
 * `changed` (the workspace was trusted, but its configuration differs since: a `git pull` must
 * not start new programs by itself) or `untrusted` (never trusted).
 */
export type TrustState = 'trusted' | 'changed' | 'untrusted';

/**
 * Which workspaces the person trusted to start their `.mcp.json` servers, and for which content
 * of that file: a cloned repository must not start programs by itself, nor a pulled change to
 * its servers. Keyed by the workspace's real path, so a symlink or a relative path names the same
 * workspace. The file is written with mode 600.
 */
export interface TrustStore {
  /**
   * `digest`: the workspace configuration's digest now (`LoadedConfig.workspaceDigest`);
   * `subject`: the programs it runs and the variables it expands now (`trustSubject`).
   */
  trustState(workspace: string, digest: string, subject?: TrustSubject): Promise<TrustState>;
  /** The state, and for `changed` what changed since the trust, in words for the notice. */
  trustCheck(workspace: string, digest: string, subject?: TrustSubject): Promise<TrustCheck>;
  /** Remembers that the configuration with this digest (and subject) may start in this workspace. */
  trust(workspace: string, digest: string, subject?: TrustSubject): Promise<void>;
}

/** A trust state with, when `changed`, what changed (`server.js changed`). */
export interface TrustCheck {
  state: TrustState;
  changes: string[];
}

const NO_SUBJECT: TrustSubject = { programs: {}, variables: [] };

export function createTrustStore(agentHome: string): TrustStore {
  const file = path.join(agentHome, TRUST_FILE);
  const trustCheck = async (
    workspace: string,
    digest: string,
    subject: TrustSubject = NO_SUBJECT,
  ): Promise<TrustCheck> => {
    const key = await realPath(workspace);
    const data = await readTrustFile(file);
    if (!Object.prototype.hasOwnProperty.call(data.workspaces, key)) {
      return { state: 'untrusted', changes: [] };
    }
    const entry = data.workspaces[key]!;
    const changes = entry.mcpConfigSha256 === digest ? [] : ['.mcp.json changed'];
    changes.push(...subjectChanges(entry, subject));
    return { state: changes.length === 0 ? 'trusted' : 'changed', changes };
  };
  return {
    trustCheck,
    async trustState(workspace, digest, subject) {
      return (await trustCheck(workspace, digest, subject)).state;
    },
    async trust(workspace, digest, subject = NO_SUBJECT) {
      const key = await realPath(workspace);
      const data = await readTrustFile(file);
      data.workspaces[key] = {
        trustedAt: new Date().toISOString(),
        mcpConfigSha256: digest,
        programs: { ...subject.programs },
        variables: [...subject.variables],
      };
      await fs.mkdir(agentHome, { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
      await fs.chmod(temporary, 0o600);
      await fs.rename(temporary, file);
    },
  };
}

async function realPath(workspace: string): Promise<string> {
  return fs.realpath(path.resolve(workspace));
}

/** The stored trust; a missing or unreadable file trusts nothing. */
async function readTrustFile(file: string): Promise<TrustFile> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<TrustFile>;
    if (parsed && typeof parsed.workspaces === 'object' && parsed.workspaces !== null) {
      return { version: 1, workspaces: { ...parsed.workspaces } };
    }
  } catch {
    // Missing or damaged: nothing is trusted until the person says so again.
  }
  return { version: 1, workspaces: {} };
}
