import * as path from 'node:path';
import type { SandboxLayout } from './bwrap-command';

/** What the sandbox most likely stopped a failed command from doing. */
export interface SandboxDenial {
  /** Paths it could not write (outside the workspace, or protected in it), or hidden ones it could not read. */
  paths: string[];
  /** It tried to reach the network (a connection or a name lookup failed). */
  network: boolean;
  /** In words, for the model and the card: "writing /etc/x (outside the workspace)". */
  blocked: string;
}

const READ_ONLY = /read-only file system|EROFS/i;
/** Replacing a file that is a mount point (git writes config.lock, then renames it over config). */
const BUSY = /resource busy|EBUSY/i;
const REFUSED = /permission denied|EACCES|EPERM|operation not permitted|no such file|ENOENT/i;
const NETWORK =
  /could not resolve|temporary failure in name resolution|EAI_AGAIN|ENOTFOUND|getaddrinfo|name or service not known|no address associated|network is unreachable|ENETUNREACH|connection refused|ECONNREFUSED|failed to establish a new connection|couldn't connect to server|unable to connect|dial tcp/i;
/**
 * Absolute paths as tools print them: quoted (also in curly quotes), or bare up to a colon or
 * space; never the tail of a relative path (`.git/hooks`). ASCII escapes: a bundler rewrites literal curly quotes as `\u{...}`, which needs `u`.
 */
const PATHS = /(?<![^\s'"`\u2018\u2019\u201c\u201d(=])(\/[^\s'"`\u2018\u2019\u201c\u201d:,)]+)/g;
/**
 * Workspace-relative paths inside the protected entries of `layout` (those of PROTECTED_ENTRIES and
 * the hooks folder core.hooksPath names, such as `.husky/_`), as a command run in the workspace
 * prints them.
 */
function relativeProtected(layout: SandboxLayout): RegExp | undefined {
  const entries = layout.readOnly
    .map((entry) => path.relative(layout.workspace, entry))
    .filter((relative) => relative !== '' && !relative.startsWith('..'))
    .map((relative) => relative.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  if (entries.length === 0) return undefined;
  return new RegExp(
    `(?:^|[\\s'"\`\\u2018\\u201c(])((?:\\./)?(?:${entries.join('|')})(?:/[^\\s'"\`\\u2019\\u201d:,)]*)?)(?![^\\s'"\`\\u2019\\u201d:,)])`,
    'g',
  );
}

/** Most denials print early and briefly; more lines than this are not searched. */
const MAX_LINES = 400;

/**
 * The sandbox's part in a failed command, read from its output: writes the read-only file
 * system refused outside the workspace and the private /tmp, reads of hidden paths, network
 * failures (without network). Undefined when nothing points at the sandbox. A guess from what the
 * command printed, as other agents make it: it decides what the person is offered, never what
 * runs unasked.
 */
export function sandboxDenial(output: string, layout: SandboxLayout): SandboxDenial | undefined {
  const lines = output.split('\n').slice(0, MAX_LINES);
  const written = new Set<string>();
  const guarded = new Set<string>();
  const hidden = new Set<string>();
  let network = false;
  const relative = relativeProtected(layout);
  for (const line of lines) {
    const readOnly = READ_ONLY.test(line);
    if (readOnly || BUSY.test(line)) {
      const found = [
        ...pathsIn(line),
        ...[...(relative ? line.matchAll(relative) : [])].map((m) =>
          path.resolve(layout.workspace, m[1]!),
        ),
      ];
      for (const target of found) {
        if (layout.readOnly.some((entry) => inside(entry, target))) guarded.add(target);
        else if (readOnly && !inside(layout.workspace, target)) written.add(target);
      }
      if (readOnly && found.length === 0) written.add('');
    }
    if (REFUSED.test(line)) {
      for (const found of pathsIn(line)) {
        if (layout.hidden.some((h) => inside(h.path, found))) hidden.add(found);
        else if (found === '/dev/tty') hidden.add(found);
      }
    }
    if (!layout.network && NETWORK.test(line)) network = true;
  }
  if (written.size === 0 && guarded.size === 0 && hidden.size === 0 && !network) return undefined;
  const parts: string[] = [];
  if (guarded.size > 0) {
    parts.push(
      `writing ${list([...guarded])} (git's metadata (every .git) and hooks folder, .mcp.json and .agent are read-only in the sandbox: programs they name run outside it later)`,
    );
  }
  const named = [...written].filter(Boolean);
  if (written.size > 0) {
    parts.push(
      named.length > 0
        ? `writing ${list(named)} (outside the workspace, read-only in the sandbox)`
        : 'writing outside the workspace (read-only in the sandbox)',
    );
  }
  if (hidden.size > 0) parts.push(`reading ${list([...hidden])} (hidden in the sandbox)`);
  if (network) parts.push('network access (the sandbox has no network)');
  return { paths: [...guarded, ...named, ...hidden], network, blocked: parts.join('; ') };
}

function pathsIn(line: string): string[] {
  return [...line.matchAll(PATHS)]
    .map((m) => m[1]!.replace(/[.;]+$/, ''))
    .filter((p) => p.length > 1);
}

function inside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function list(paths: string[]): string {
  const shown = paths.slice(0, 3).join(', ');
  return paths.length > 3 ? `${shown} and ${paths.length - 3} more` : shown;
}
