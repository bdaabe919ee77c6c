import { promises as fs } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { SessionLineParser } from './session-line-parser';
import { SESSION_FILE_EXTENSION, sessionPath, sessionsDir } from './paths';

/** One saved session as `/sessions` and `--resume` list it. */
export interface SessionInfo {
  id: string;
  path: string;
  /** The first user prompt on one line, truncated. */
  firstPrompt?: string;
  title?: string;
  cwd?: string;
  provider?: string;
  model?: string;
  /** File size in bytes. */
  size: number;
  updatedAt: Date;
}

export const PROMPT_PREVIEW_CHARS = 80;
const HEAD_BYTES = 64 * 1024;
const MAX_HEAD_BYTES = 1024 * 1024;
/** Files read at once while listing (a folder may hold thousands of sessions). */
const LIST_CONCURRENCY = 16;

/** Every session under `agentHome`, most recently updated first. A missing folder lists nothing. */
export async function listSessions(agentHome: string): Promise<SessionInfo[]> {
  let names: string[];
  try {
    names = await fs.readdir(sessionsDir(agentHome));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names
    .filter((name) => name.endsWith(SESSION_FILE_EXTENSION))
    .map((name) => path.join(sessionsDir(agentHome), name));
  const infos: Array<SessionInfo | undefined> = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const index = next++;
      infos[index] = await sessionInfo(files[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LIST_CONCURRENCY, files.length) }, worker));
  return infos
    .filter((info): info is SessionInfo => info !== undefined)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1));
}

/** The most recently updated session started in `cwd` (for `--continue`). */
export async function latestSessionFor(
  agentHome: string,
  cwd: string,
): Promise<SessionInfo | undefined> {
  const wanted = path.resolve(cwd);
  const sessions = await listSessions(agentHome);
  return sessions.find((s) => s.cwd !== undefined && path.resolve(s.cwd) === wanted);
}

/** Deletes a session file. Resolves false when there was no such session. */
export async function deleteSession(agentHome: string, id: string): Promise<boolean> {
  if (id.includes('/') || id.includes('\\') || id.startsWith('.')) return false;
  try {
    await fs.unlink(sessionPath(agentHome, id));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export type ResolveResult =
  | { ok: true; session: SessionInfo }
  | { ok: false; reason: 'not_found' | 'ambiguous'; message: string; candidates: SessionInfo[] };

/**
 * Finds a session by exact id, by a unique id prefix or other unique part, or by the path of a
 * session file. Ambiguous
 * prefixes list their candidates so the person can be told which ones match.
 */
export async function resolveSession(
  agentHome: string,
  idOrPrefix: string,
): Promise<ResolveResult> {
  const query = idOrPrefix.trim();
  if (query.endsWith(SESSION_FILE_EXTENSION) && (query.includes('/') || query.includes('\\'))) {
    const info = await sessionInfo(path.resolve(query));
    if (info) return { ok: true, session: info };
  }
  const sessions = await listSessions(agentHome);
  const exact = sessions.find((s) => s.id === query);
  if (exact) return { ok: true, session: exact };
  const prefixed = query.length > 0 ? sessions.filter((s) => s.id.startsWith(query)) : [];
  // Any unique part of an id will do (the random tail, say), when no id starts with it.
  const matches =
    prefixed.length > 0 || query.length === 0
      ? prefixed
      : sessions.filter((s) => s.id.includes(query));
  if (matches.length === 1) return { ok: true, session: matches[0]! };
  if (matches.length === 0) {
    return {
      ok: false,
      reason: 'not_found',
      message: `no session matches "${query}" in ${sessionsDir(agentHome)}`,
      candidates: [],
    };
  }
  return {
    ok: false,
    reason: 'ambiguous',
    message: ambiguousMessage(query, matches),
    candidates: matches,
  };
}

/** Sessions an ambiguous id names in its message; the rest are counted. */
export const AMBIGUOUS_LISTED = 10;

/** `"2026-12" matches 14 sessions, newest first: a, b, …, j, …and 4 more`. */
function ambiguousMessage(query: string, matches: readonly SessionInfo[]): string {
  const listed = matches.slice(0, AMBIGUOUS_LISTED).map((s) => s.id);
  const rest = matches.length - listed.length;
  if (rest > 0) listed.push(`…and ${rest} more`);
  return `"${query}" matches ${matches.length} sessions, newest first: ${listed.join(', ')}`;
}

/** Reads what a listing shows from the head of one file; undefined when it vanished meanwhile. */
export async function sessionInfo(file: string): Promise<SessionInfo | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stat = await handle.stat();
    const info: SessionInfo = {
      id: path.basename(file, SESSION_FILE_EXTENSION),
      path: file,
      size: stat.size,
      updatedAt: stat.mtime,
    };
    const parser = new SessionLineParser();
    const decoder = new StringDecoder('utf8');
    let position = 0;
    let chunkSize = HEAD_BYTES;
    while (position < stat.size && position < MAX_HEAD_BYTES) {
      const buffer = Buffer.alloc(Math.min(chunkSize, stat.size - position));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      chunkSize *= 2;
      parser.push(decoder.write(buffer.subarray(0, bytesRead)));
      if (position >= stat.size) parser.push(`${decoder.end()}\n`);
      if (fillFromEvents(info, parser.peek())) break;
    }
    return info;
  } finally {
    await handle.close();
  }
}

function fillFromEvents(info: SessionInfo, events: ReturnType<SessionLineParser['peek']>): boolean {
  for (const event of events) {
    if (event.type === 'session_start' && info.cwd === undefined) {
      info.cwd = event.cwd;
      info.provider = event.provider;
      info.model = event.model;
      if (event.title !== undefined) info.title = event.title;
    } else if (event.type === 'user' && info.firstPrompt === undefined) {
      // What the person typed (`!ls`, `@a.ts (12 lines)`), not what the model was sent.
      info.firstPrompt = previewPrompt(event.display ?? event.text);
    }
  }
  return info.cwd !== undefined && info.firstPrompt !== undefined;
}

/** One line, at most `PROMPT_PREVIEW_CHARS` characters. */
export function previewPrompt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length > PROMPT_PREVIEW_CHARS
    ? `${chars.slice(0, PROMPT_PREVIEW_CHARS - 1).join('')}…`
    : line;
}
