import fs from 'node:fs';
import path from 'node:path';
import { isAnswer, type Answer } from '@agent/tools';

/** Where a decision applies: the project it was made in, or every project. */
export type DecisionScope = 'project' | 'global';

/** One answer the person chose to keep (`/remember`), exactly as given. */
export interface Decision {
  id: string;
  /** The question's exact text. */
  question: string;
  /** The exact answer: a string, or the list of a multi-select question. */
  answer: Answer;
  /** When it was decided (ISO 8601). */
  decidedAt: string;
  /** The session it was decided in. */
  sessionId: string;
  scope: DecisionScope;
  /** The project root, for a project decision. */
  project?: string;
}

/** The file's content: the valid decisions, and entries kept as they were (not understood). */
export interface DecisionFileContent {
  decisions: Decision[];
  /** Entries that are not decisions: reported, and written back untouched. */
  unreadable: unknown[];
  problems: string[];
  /** The file is not readable JSON at all: it is set aside (never overwritten) on the next save. */
  corrupt: boolean;
}

/** `$AGENT_HOME/decisions.json`: never in the workspace, so a repository cannot plant decisions. */
export function decisionsFile(agentHome: string): string {
  return path.join(agentHome, 'decisions.json');
}

const VERSION = 1;

/** Reads the decisions file; a missing file has none, a damaged one is reported, never thrown. */
export function readDecisionFile(file: string): DecisionFileContent {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { decisions: [], unreadable: [], problems: [], corrupt: false };
    }
    return {
      decisions: [],
      unreadable: [],
      problems: [`${file}: cannot be read (${(error as Error).message}); no kept decisions apply`],
      corrupt: false,
    };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return corruptFile(file);
  }
  const list = (data as { decisions?: unknown } | null)?.decisions;
  if (typeof data !== 'object' || data === null || !Array.isArray(list)) return corruptFile(file);
  const decisions: Decision[] = [];
  const unreadable: unknown[] = [];
  list.forEach((entry) => {
    if (isDecision(entry)) decisions.push(entry);
    else unreadable.push(entry);
  });
  const problems =
    unreadable.length > 0
      ? [
          `${file}: ${unreadable.length} entr${unreadable.length === 1 ? 'y is' : 'ies are'} not a decision and ${unreadable.length === 1 ? 'is' : 'are'} ignored (kept in the file)`,
        ]
      : [];
  return { decisions, unreadable, problems, corrupt: false };
}

function corruptFile(file: string): DecisionFileContent {
  return {
    decisions: [],
    unreadable: [],
    problems: [
      `${file}: not a decisions file (unreadable JSON); no kept decisions apply, and the next /remember sets it aside as ${path.basename(file)}.corrupt`,
    ],
    corrupt: true,
  };
}

/**
 * Writes the decisions (and the entries not understood) to a temporary file renamed into place.
 * A corrupt file is first renamed to `decisions.json.corrupt`, so nothing in it is lost; the
 * returned line says so. Throws with the file's name when it cannot be written.
 */
export function writeDecisionFile(file: string, content: DecisionFileContent): string | undefined {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let setAside: string | undefined;
  if (content.corrupt && fs.existsSync(file)) {
    setAside = `${file}.corrupt`;
    fs.renameSync(file, setAside);
  }
  const temporary = `${file}.${process.pid}.tmp`;
  const data = { version: VERSION, decisions: [...content.decisions, ...content.unreadable] };
  fs.writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
  return setAside && `The unreadable ${file} was set aside as ${setAside}.`;
}

function isDecision(value: unknown): value is Decision {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const scopeOk =
    entry.scope === 'global' || (entry.scope === 'project' && typeof entry.project === 'string');
  return (
    typeof entry.id === 'string' &&
    typeof entry.question === 'string' &&
    isAnswer(entry.answer) &&
    typeof entry.decidedAt === 'string' &&
    typeof entry.sessionId === 'string' &&
    scopeOk
  );
}
