import * as fs from 'node:fs';
import * as path from 'node:path';

/** Largest AGENTS.md included in the prompt, per file; longer files are cut with a note. */
export const AGENTS_MD_LIMIT = 32 * 1024;

/** One instructions file read for the system prompt. */
export interface InstructionsFile {
  /** How the prompt names it: the absolute path in the agent home, else relative to the root. */
  label: string;
  text: string;
}

export interface InstructionsSources {
  workspaceRoot: string;
  /** The person's own `AGENTS.md` lives here; omitted, none is read. */
  agentHome?: string;
  /** The working directory (default: the root); folders outside the root are ignored. */
  cwd?: string;
  /**
   * A folder whose `CLAUDE.md` is the person's own too (`~/.claude`, when config.json's
   * `userClaudeMd` opts in), read after the agent home's `AGENTS.md`; omitted, none is read.
   */
  claudeHome?: string;
}

/** The instruction files a folder may hold, in order of preference: the first found is read. */
const FILE_NAMES = ['AGENTS.md', 'CLAUDE.md'] as const;

/**
 * The AGENTS.md files that apply, most general first: `$AGENT_HOME/AGENTS.md` (and, opted in,
 * `~/.claude/CLAUDE.md`), then the workspace root's and every folder's down to the working
 * directory, where a folder without an AGENTS.md gives its CLAUDE.md instead. A file is used only when
 * its real path stays inside its own base (the agent home, or the workspace) and it is a
 * regular file; it is opened without blocking and read up to a bound, so a link out, a FIFO or a
 * `/dev/zero` link is skipped instead of leaking or hanging start-up. Returns the files skipped
 * for such reasons too, for callers that report them.
 */
export function readInstructions(sources: InstructionsSources): {
  files: InstructionsFile[];
  skipped: string[];
} {
  const files: InstructionsFile[] = [];
  const skipped: string[] = [];
  // A folder's AGENTS.md, else its CLAUDE.md (a project set up for Claude Code), labelled with
  // the one read: `label(name)` is how the prompt names that file.
  const visit = (
    base: string,
    folder: string,
    label: (name: string) => string,
    names: readonly string[] = FILE_NAMES,
  ): void => {
    for (const name of names) {
      const result = readBounded(base, path.join(folder, name));
      if (result === undefined) continue;
      if ('skipped' in result) skipped.push(`${label(name)}: ${result.skipped}`);
      else if (result.text.trim() !== '') {
        files.push({ label: label(name), text: bounded(result, label(name)) });
      }
      return;
    }
  };
  if (sources.agentHome !== undefined) {
    const given = sources.agentHome;
    const home = realOrUndefined(given);
    if (home) visit(home, home, (name) => path.join(given, name), ['AGENTS.md']);
  }
  if (sources.claudeHome !== undefined) {
    const given = sources.claudeHome;
    const home = realOrUndefined(given);
    if (home) visit(home, home, (name) => path.join(given, name), ['CLAUDE.md']);
  }
  const root = realOrUndefined(sources.workspaceRoot);
  if (!root) return { files, skipped };
  for (const folder of foldersDown(root, realOrUndefined(sources.cwd ?? root) ?? root)) {
    const relative = path.relative(root, folder);
    visit(root, folder, (name) => (relative === '' ? name : `${toPosix(relative)}/${name}`));
  }
  return { files, skipped };
}

/** The root, then each folder below it down to `cwd` (just the root when `cwd` is outside). */
function foldersDown(root: string, cwd: string): string[] {
  const relative = path.relative(root, cwd);
  if (relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`)) return [root];
  if (path.isAbsolute(relative)) return [root];
  const folders = [root];
  let current = root;
  for (const part of relative.split(path.sep)) {
    current = path.join(current, part);
    folders.push(current);
  }
  return folders;
}

/** A file's text, and whether it went on past the bytes read. */
interface Read {
  text: string;
  cut: boolean;
}

/** The file's text; undefined when absent; `{ skipped }` when it may not be read. */
function readBounded(base: string, file: string): Read | { skipped: string } | undefined {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { skipped: `cannot be resolved (${code ?? 'error'})` };
  }
  const relative = path.relative(base, real);
  if (relative === '' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    return { skipped: `links to ${real}, outside ${base}; not read` };
  }
  let fd: number;
  try {
    fd = fs.openSync(
      real,
      fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW,
    );
  } catch (error) {
    return { skipped: `cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    if (!fs.fstatSync(fd).isFile()) return { skipped: 'is not a regular file; not read' };
    // A character is at most 4 bytes of UTF-8; one byte more tells that the file goes on.
    const buffer = Buffer.alloc(AGENTS_MD_LIMIT * 4 + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    const cut = length === buffer.length;
    return { text: buffer.subarray(0, cut ? length - 1 : length).toString('utf8'), cut };
  } finally {
    fs.closeSync(fd);
  }
}

function bounded(read: Read, label: string): string {
  const text = read.text.trim();
  if (text.length <= AGENTS_MD_LIMIT && !read.cut) return text;
  const more = read.cut ? 'more text' : `${text.length - AGENTS_MD_LIMIT} more characters`;
  return `${text.slice(0, AGENTS_MD_LIMIT)}\n[... ${label} truncated: ${more}]`;
}

function realOrUndefined(dir: string): string | undefined {
  try {
    return fs.realpathSync(dir);
  } catch {
    return undefined;
  }
}

function toPosix(relative: string): string {
  return relative.split(path.sep).join('/');
}
