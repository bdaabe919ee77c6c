import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILTIN_PROFILES } from './builtin-profiles';
import { ProfileError, parseProfile } from './parse-profile';
import type { AgentProfile } from './profile';

export interface LoadedProfiles {
  /** By name: built-ins, overridden by `$AGENT_HOME/agents`, overridden by the workspace's. */
  profiles: Map<string, AgentProfile>;
  /** Files that could not be used; the rest still load. */
  errors: ProfileError[];
}

/** Loads the built-in profiles plus `*.md` profiles from `$AGENT_HOME/agents` and `.agent/agents`. */
export async function loadProfiles(options: {
  agentHome?: string;
  workspaceRoot?: string;
}): Promise<LoadedProfiles> {
  const profiles = new Map(BUILTIN_PROFILES.map((profile) => [profile.name, profile]));
  const errors: ProfileError[] = [];
  const folders = [
    options.agentHome && path.join(options.agentHome, 'agents'),
    options.workspaceRoot && path.join(options.workspaceRoot, '.agent', 'agents'),
  ].filter((folder): folder is string => Boolean(folder));
  for (const folder of folders) {
    for (const file of await markdownFiles(folder)) {
      try {
        const profile = parseProfile(await readFile(file, 'utf8'), file);
        profiles.set(profile.name, profile);
      } catch (error) {
        errors.push(
          error instanceof ProfileError ? error : new ProfileError(`${file}: ${String(error)}`),
        );
      }
    }
  }
  return { profiles, errors };
}

async function markdownFiles(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => path.join(folder, entry.name))
      .sort();
  } catch {
    return [];
  }
}
