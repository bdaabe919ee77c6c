import { promises as fs } from 'node:fs';
import path from 'node:path';

/** The file, in $AGENT_HOME, that remembers which workspaces' `.mcp.json` servers may start. */
export const TRUST_FILE = 'trusted-workspaces.json';

interface TrustEntry {
  trustedAt: string;
  /** The digest of the `.mcp.json` the person trusted (`LoadedConfig.workspaceDigest`). */
  mcpConfigSha256?: string;
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
  /** `digest`: the workspace configuration's digest now (`LoadedConfig.workspaceDigest`). */
  trustState(workspace: string, digest: string): Promise<TrustState>;
  /** Remembers that the configuration with this digest may start in this workspace. */
  trust(workspace: string, digest: string): Promise<void>;
}

export function createTrustStore(agentHome: string): TrustStore {
  const file = path.join(agentHome, TRUST_FILE);
  return {
    async trustState(workspace, digest) {
      const key = await realPath(workspace);
      const data = await readTrustFile(file);
      if (!Object.prototype.hasOwnProperty.call(data.workspaces, key)) return 'untrusted';
      return data.workspaces[key]!.mcpConfigSha256 === digest ? 'trusted' : 'changed';
    },
    async trust(workspace, digest) {
      const key = await realPath(workspace);
      const data = await readTrustFile(file);
      data.workspaces[key] = { trustedAt: new Date().toISOString(), mcpConfigSha256: digest };
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
