import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config';
import { referencedVariables } from './env-expand';

/**
 * What trusting a workspace's `.mcp.json` covers besides the file's text: the content of every
 * workspace file an entry runs (its command, or its first script argument: `node ./server.js`),
 * so an edit to the program asks again; and the variables each entry expands into what it
 * starts or sends (`${OPENAI_API_KEY}` in a header), named in the trust notice.
 */
export interface TrustSubject {
  /** SHA-256 of each program file, by its path relative to the workspace. */
  programs: Record<string, string>;
  /** Every variable the workspace's entries expand, sorted. */
  variables: string[];
}

/** The program files and expanded variables of one entry (see {@link TrustSubject}). */
export interface EntrySubject {
  programs: string[];
  variables: string[];
}

/** Words of a variable's name that say it holds a credential. */
const CREDENTIAL_WORD =
  /^(API)?(KEY|TOKEN|SECRET|PASS|PASSWORD|PASSWD|PWD|CREDENTIALS?|AUTH|BEARER|COOKIE|SESSION|PRIVATE|DSN|PAT|JWT)S?$/i;

/**
 * Whether a variable's name looks like it holds a credential (`OPENAI_API_KEY`, `GH_PAT`,
 * `MYSQL_PWD`, `APIKEY`): expanding one the person did not see at trust time asks again.
 * `PWD` and `OLDPWD` (directories) do not count.
 */
export function credentialLike(name: string): boolean {
  if (name === 'PWD' || name === 'OLDPWD') return false;
  const words = name.split('_').filter(Boolean);
  return words.some((word) => CREDENTIAL_WORD.test(word)) || /(KEY|TOKEN|SECRET)$/i.test(name);
}

/** The variables `server` expands: in its command, arguments, environment, cwd, URL or headers. */
export function entryVariables(server: ServerConfig): string[] {
  const texts =
    server.transport === 'stdio'
      ? [server.command, ...server.args, ...Object.values(server.env), server.cwd ?? '']
      : [server.url, ...Object.values(server.headers)];
  return [...new Set(texts.flatMap(referencedVariables))].sort();
}

/**
 * The workspace files `server` runs, relative to `workspace` (a real path): its command and its
 * first argument that is not an option, when either names a regular file inside the workspace
 * (resolved from the entry's cwd, itself relative to the workspace). Names with `${...}` are
 * skipped: what they name is only known at start.
 */
export async function entryPrograms(server: ServerConfig, workspace: string): Promise<string[]> {
  if (server.transport !== 'stdio' || server.scope !== 'workspace') return [];
  const base = path.resolve(workspace, server.cwd ?? '.');
  const script = server.args.find((arg) => !arg.startsWith('-'));
  const found: string[] = [];
  for (const name of [server.command, script]) {
    if (name === undefined || name.includes('${')) continue;
    const file = await workspaceFile(path.resolve(base, name), workspace);
    if (file !== undefined && !found.includes(file)) found.push(file);
  }
  return found;
}

async function workspaceFile(candidate: string, workspace: string): Promise<string | undefined> {
  let real: string;
  try {
    real = await fs.realpath(candidate);
    if (!(await fs.stat(real)).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const relative = path.relative(workspace, real);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

/**
 * The trust subject of the workspace's servers (`servers` of every scope; only workspace
 * entries count). Each program is hashed by streaming it, so a large file does not block.
 */
export async function trustSubject(
  servers: readonly ServerConfig[],
  workspace: string,
): Promise<TrustSubject> {
  const programs: Record<string, string> = {};
  const variables = new Set<string>();
  for (const server of servers) {
    if (server.scope !== 'workspace') continue;
    for (const name of entryVariables(server)) variables.add(name);
    for (const file of await entryPrograms(server, workspace)) {
      programs[file] ??= await sha256Of(path.join(workspace, file));
    }
  }
  return { programs, variables: [...variables].sort() };
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      // Unreadable now: a value no trusted file has, so it asks again.
      .on('error', () => resolve('unreadable'));
  });
}

/**
 * What differs between the subject trusted (`trusted`, absent for trust given before programs
 * and variables were recorded) and `now`, in words for the notice; empty when nothing does.
 * A program added, removed or changed differs; a credential-like variable expanded now that
 * was not named at trust time differs (other variables, `${HOME}`, do not).
 */
export function subjectChanges(
  trusted: Partial<TrustSubject> | undefined,
  now: TrustSubject,
): string[] {
  const changes: string[] = [];
  const before = trusted?.programs ?? {};
  const files = new Set([...Object.keys(before), ...Object.keys(now.programs)]);
  for (const file of [...files].sort()) {
    if (before[file] === now.programs[file]) continue;
    if (before[file] === undefined && trusted?.programs === undefined) {
      changes.push(`${file} was not part of what you trusted`);
    } else if (before[file] === undefined) changes.push(`it now runs ${file}`);
    else if (now.programs[file] === undefined) changes.push(`it no longer runs ${file}`);
    else changes.push(`${file} changed`);
  }
  const seen = new Set(trusted?.variables ?? []);
  const unseen = now.variables.filter((name) => credentialLike(name) && !seen.has(name));
  if (unseen.length > 0) {
    changes.push(`it expands ${unseen.join(', ')}, which you did not see when you trusted it`);
  }
  return changes;
}
