import fs from 'node:fs';
import path from 'node:path';
import { updateSettingsFile, type SettingsData } from '../settings/settings-file';

/**
 * The MCP servers whose tools the person chose not to offer to the model: `mcp.withholdTools`
 * in `$AGENT_HOME/settings.json`, a list of server names. The servers still run (and `/mcp` lists
 * them); their tools are left out of every request.
 */
export const WITHHOLD_SETTING = 'mcp.withholdTools';

export function withheldSettingsFile(agentHome: string): string {
  return path.join(agentHome, 'settings.json');
}

/** The names the setting holds, and a problem with it (the setting is then ignored). */
export function readWithheldServers(agentHome: string): { servers: string[]; problem?: string } {
  const file = withheldSettingsFile(agentHome);
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { servers: [] };
    return { servers: [], problem: `${file}: not readable JSON, ${WITHHOLD_SETTING} is ignored` };
  }
  const list = (data as { mcp?: { withholdTools?: unknown } } | null)?.mcp?.withholdTools;
  if (list === undefined) return { servers: [] };
  if (!Array.isArray(list) || !list.every((name) => typeof name === 'string')) {
    return {
      servers: [],
      problem: `${file}: ${WITHHOLD_SETTING} must be a list of MCP server names; it is ignored`,
    };
  }
  return { servers: list as string[] };
}

/** Adds (`withhold` true) or removes `server` in the setting. Throws with the file's name. */
export function saveWithheldServer(agentHome: string, server: string, withhold: boolean): void {
  updateSettingsFile(withheldSettingsFile(agentHome), (data) => {
    const mcp = isObject(data.mcp) ? data.mcp : (data.mcp = {});
    const list = Array.isArray(mcp.withholdTools) ? (mcp.withholdTools as unknown[]) : [];
    if (list.includes(server) === withhold) return false;
    mcp.withholdTools = withhold ? [...list, server] : list.filter((name) => name !== server);
    return true;
  });
}

function isObject(value: unknown): value is SettingsData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
