import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { type Escalation, type ToolContext, ToolError } from '@agent/tool-contract';
import { gitHooksFolder } from './git-hooks-folder';
import { resolveInWorkspace } from './path-safety';

/** What the write tools need to know to judge a write. */
export interface CodeRunningOptions {
  /** The agent home (`$AGENT_HOME`): writes under it need exec approval when it is in the workspace. */
  agentHome?: string;
}

/**
 * Why writing the workspace file at `relative` (a real path, forward slashes, relative to the
 * real root) can make a program run code the person never approved, or undefined. Precise on
 * purpose, so ordinary project files never ask:
 *
 * - anything inside a `.git` directory, or a `.git` entry itself (a `gitdir:` file): git runs
 *   hooks, `core.fsmonitor`, `core.pager`, aliases and filter drivers named there, and
 *   `commondir`/`gitdir` files can point it at another configuration;
 * - `config` or `hooks/` of a folder that is a bare repository (it holds `HEAD`), and `HEAD` of a
 *   folder that already holds a `config` or `hooks` (the write that makes it one), since git
 *   uses a bare repository found from the working directory;
 * - `.mcp.json`, whose servers start (run a command) on a later run;
 * - anything in a `.agent` folder: its settings (permission rules, MCP servers), commands and
 *   agent profiles steer later runs;
 * - anything under the agent home (`$AGENT_HOME`, `~/.agent`) when it lies inside the workspace:
 *   its config, settings, approved settings and trusted workspaces apply to every later run.
 *
 * Not flagged: `.gitattributes` and `.gitmodules`. Attributes only pick filter and diff drivers
 * that a configuration defines, and git refuses `!command` updates from `.gitmodules`.
 */
export async function codeRunningWrite(
  root: string,
  relative: string,
  agentHome?: string,
): Promise<string | undefined> {
  const parts = relative.split('/');
  const gitAt = parts.findIndex((part) => part.toLowerCase() === '.git');
  if (gitAt !== -1) {
    const inside = parts.slice(gitAt + 1);
    if (inside.length === 0) {
      return 'a .git entry tells git where its configuration and hooks are, and git runs programs they name';
    }
    if (inside.some((part) => part.toLowerCase() === 'hooks')) {
      return 'git runs the files in .git/hooks as programs';
    }
    if (/^config(\.worktree)?$/i.test(inside[inside.length - 1]!)) {
      return 'git runs programs named in its config (core.fsmonitor, core.pager, aliases, filters) on ordinary commands such as git status';
    }
    return 'files inside .git control what git does, including which programs it runs';
  }
  const home = agentHome === undefined ? undefined : await insideWorkspace(root, agentHome);
  if (home !== undefined && (home === '' || relative === home || relative.startsWith(`${home}/`))) {
    return 'the agent home (AGENT_HOME) is inside the workspace, and its config, settings and trusted workspaces apply to every later run, MCP servers included';
  }
  if (parts.length > 1 && parts[0]!.toLowerCase() === '.agent') {
    return 'files in .agent steer later runs: its settings grant permissions and start MCP servers, its commands and agents become prompts';
  }
  if (relative.toLowerCase() === '.mcp.json') {
    return 'the MCP servers named in .mcp.json are started (their commands run) on a later run';
  }
  return bareRepositoryWrite(root, parts);
}

async function bareRepositoryWrite(root: string, parts: string[]): Promise<string | undefined> {
  const name = parts[parts.length - 1]!;
  const hooksAt = parts.lastIndexOf('hooks', parts.length - 2);
  if (hooksAt !== -1 && (await isFile(root, [...parts.slice(0, hooksAt), 'HEAD']))) {
    return 'the folder is a git repository (it holds HEAD), and git runs the files in its hooks folder as programs';
  }
  const folder = parts.slice(0, -1);
  if (name === 'config' && (await isFile(root, [...folder, 'HEAD']))) {
    return 'the folder is a git repository (it holds HEAD), and git runs programs named in its config';
  }
  if (
    name === 'HEAD' &&
    ((await isFile(root, [...folder, 'config'])) || (await exists(root, [...folder, 'hooks'])))
  ) {
    return 'HEAD makes this folder a git repository whose config and hooks git would use';
  }
  return undefined;
}

/** `dir` relative to the real `root` (forward slashes, '' for the root itself) when inside it. */
async function insideWorkspace(root: string, dir: string): Promise<string | undefined> {
  const real = await fs.realpath(dir).catch(() => path.resolve(dir));
  const relative = path.relative(root, real);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

async function isFile(root: string, parts: string[]): Promise<boolean> {
  return (await fs.stat(path.join(root, ...parts)).catch(() => undefined))?.isFile() === true;
}

async function exists(root: string, parts: string[]): Promise<boolean> {
  return (await fs.stat(path.join(root, ...parts)).catch(() => undefined)) !== undefined;
}

/**
 * The escalation of a write to `userPath`, judged on its real path (so a link such as
 * `cfg -> .git` is seen through). A path the tool will refuse anyway gets none: the call fails
 * with its own error.
 */
export async function escalationOfWrite(
  userPath: string,
  ctx: ToolContext,
  agentHome?: string,
): Promise<Escalation | undefined> {
  let relative: string;
  let root: string;
  try {
    ({ relative, root } = await resolveInWorkspace(ctx.workspaceRoot, userPath));
  } catch (error) {
    if (error instanceof ToolError) return undefined;
    throw error;
  }
  const reason =
    (await codeRunningWrite(root, relative, agentHome)) ??
    (await hooksFolderWrite(root, relative, ctx.signal));
  return reason === undefined ? undefined : { permission: 'exec', reason };
}

/**
 * Why a write lands in the folder git runs hooks from when core.hooksPath moves it inside the
 * workspace (husky's `.husky/_`, `githooks/`), or undefined; asked of git (see gitHooksFolder), so
 * a folder that does not exist yet counts too.
 */
async function hooksFolderWrite(
  root: string,
  relative: string,
  signal: AbortSignal,
): Promise<string | undefined> {
  const hooks = await gitHooksFolder(root, signal);
  if (hooks === undefined) return undefined;
  const folder = await insideWorkspace(root, hooks);
  if (folder === undefined || folder === '') return undefined;
  if (relative !== folder && !relative.startsWith(`${folder}/`)) return undefined;
  return `git runs the files in ${folder} as programs (core.hooksPath names it as the hooks folder)`;
}
