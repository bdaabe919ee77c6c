import path from 'node:path';
import { openSavedSession, type SavedSession } from '@agent/runtime';
import { listSessions, type SessionInfo } from '@agent/session';

/** One saved session of the workspace as the page lists it. */
export interface PageSession {
  id: string;
  /** Its title, else its first prompt on one line, else its id. */
  label: string;
  /** When it was last written (ISO 8601). */
  updatedAt: string;
  /** The session the conversation has open now. */
  current: boolean;
}

/** The workspace's saved sessions, newest first (those of other workspaces are not listed). */
async function sessionsOf(agentHome: string, workspace: string): Promise<SessionInfo[]> {
  const wanted = path.resolve(workspace);
  return (await listSessions(agentHome)).filter(
    (info) => info.cwd !== undefined && path.resolve(info.cwd) === wanted,
  );
}

export async function workspaceSessions(
  agentHome: string,
  workspace: string,
  current: string | undefined,
): Promise<PageSession[]> {
  return (await sessionsOf(agentHome, workspace)).map((info) => ({
    id: info.id,
    label: info.title ?? info.firstPrompt ?? info.id,
    updatedAt: info.updatedAt.toISOString(),
    current: info.id === current,
  }));
}

/** The workspace's session `id`, loaded to resume, or why it cannot be. */
export async function workspaceSession(
  agentHome: string,
  workspace: string,
  id: string,
  current: string | undefined,
): Promise<SavedSession | string> {
  if (id === current) return `session ${id} is the one open now`;
  const info = (await sessionsOf(agentHome, workspace)).find((s) => s.id === id);
  if (!info) return `no session ${id} of this workspace`;
  try {
    return await openSavedSession(info.path);
  } catch (error) {
    return `session ${id} cannot be read: ${error instanceof Error ? error.message : String(error)}`;
  }
}
