import {
  latestSessionFor,
  loadSession,
  projectSession,
  resolveSession,
  type SessionProjection,
} from '@agent/session';
import { UsageError } from './exit-codes';

/** A saved session this run continues. */
export interface PreviousSession {
  id: string;
  path: string;
  projection: SessionProjection;
  /** Lines of the file that could not be read (a torn last line, say), for the person. */
  warnings: string[];
}

/**
 * The session named by `--resume` (id, unique prefix or file path) or, for `--continue`, the
 * latest one of `workspace`; undefined when neither flag is given or `--continue` finds none.
 */
export async function findPreviousSession(
  agentHome: string,
  workspace: string,
  flags: { resume?: string; continue: boolean },
): Promise<PreviousSession | undefined> {
  let file: string | undefined;
  if (flags.resume !== undefined) {
    const found = await resolveSession(agentHome, flags.resume);
    if (!found.ok) {
      const candidates = found.candidates.map((s) => s.id).join(', ');
      throw new UsageError(
        `--resume: ${found.message}${candidates ? ` (candidates: ${candidates})` : ''}`,
      );
    }
    file = found.session.path;
  } else if (flags.continue) {
    file = (await latestSessionFor(agentHome, workspace))?.path;
  }
  if (file === undefined) return undefined;
  const loaded = await loadSession(file);
  return {
    id: loaded.id,
    path: loaded.path,
    projection: projectSession(loaded.events),
    warnings: loaded.warnings.map((w) => `line ${w.line}: ${w.reason}`),
  };
}
