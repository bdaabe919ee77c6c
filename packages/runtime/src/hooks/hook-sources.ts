import fs from 'node:fs';
import path from 'node:path';
import { configFilePath } from '@agent/llm/config';
import { isFileApproved, settingsFile } from '../permissions/permission-settings';
import { parseHooks, type HookEntry } from './hook-config';

/** The hooks in force, and those a workspace brings that the person has not approved. */
export interface LoadedHooks {
  hooks: HookEntry[];
  /** The workspace settings file's hooks, not run: the file is not approved as it is now. */
  unapproved: HookEntry[];
  problems: string[];
}

/**
 * The hooks of `$AGENT_HOME/config.json`, then of the workspace's `.agent/settings.json`. A
 * workspace's hooks run only when the person wrote or approved that file as it is now (the gate
 * of its allow rules, `approved-settings.json`): a cloned repository starts nothing by itself,
 * and a changed file is asked about again.
 */
export function loadHooks(agentHome: string, workspaceRoot: string): LoadedHooks {
  const problems: string[] = [];
  const user = hooksOf(configFilePath(agentHome), problems);
  const localFile = settingsFile('workspace', agentHome, workspaceRoot);
  const local = hooksOf(localFile, problems);
  if (local.length === 0) return { hooks: user, unapproved: [], problems };
  const approved = isFileApproved(agentHome, localFile);
  return approved
    ? { hooks: [...user, ...local], unapproved: [], problems }
    : { hooks: user, unapproved: local, problems };
}

function hooksOf(file: string, problems: string[]): HookEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      problems.push(`${file}: not readable JSON, its hooks are not run`);
    }
    return [];
  }
  const value = (data as { hooks?: unknown } | null)?.hooks;
  const parsed = parseHooks(value, path.resolve(file));
  problems.push(...parsed.problems);
  return parsed.hooks;
}
