import os from 'node:os';
import path from 'node:path';

/** Folders and files under a home folder (or anywhere) that hold credentials by convention. */
const CREDENTIAL_PART =
  /(^|[/=:])(\.ssh|\.aws|\.gnupg|\.netrc|\.npmrc|\.pypirc|\.git-credentials|\.docker|\.kube|\.azure|\.password-store|\.vault-token|\.pgpass|\.my\.cnf|\.config\/(gcloud|gh|hub|op)|\.local\/share\/keyrings)(\/|$)/;
/** System files with secrets in them; `/proc/PID/environ` is a process's environment. */
const SYSTEM_SECRET =
  /(^|[=:])\/(etc\/(shadow|gshadow|sudoers)|proc\/[^/]+\/(task\/[^/]+\/)?environ)(\/|$)/;

/** A word as a path: `~` and `$HOME` as the home folder. */
function expandHome(text: string, home: string): string {
  return text.replace(/^(~|\$HOME|\$\{HOME\})(?=\/|$)/, home);
}

/** The agent's own home (settings, sessions, credentials it keeps): `$AGENT_HOME` or `~/.agent`. */
function agentHomes(home: string): string[] {
  const homes = [path.join(home, '.agent')];
  const configured = process.env.AGENT_HOME;
  if (configured && path.isAbsolute(configured)) homes.push(path.resolve(configured));
  return homes;
}

/**
 * Why reading the file or folder a word names may show a credential, or undefined: a conventional
 * credential location (`~/.ssh`, `~/.aws`, `~/.config/gcloud`, `~/.netrc`, `~/.npmrc`, ...),
 * `/etc/shadow`, a process's environment (`/proc/self/environ`), or the agent's home. `text` is
 * the word's value, or its text as written when only known at run time (a glob, `$HOME/...`).
 * With `recursive` (grep -r, rg), a folder holding the home folder counts too (`grep -r x ~`);
 * a `dynamic` word (a glob, an expansion) that names something outside the workspace may be anything.
 */
export function secretPath(text: string, recursive = false, dynamic = false): string | undefined {
  const home = os.homedir();
  const expanded = expandHome(text, home);
  if (CREDENTIAL_PART.test(expanded) || SYSTEM_SECRET.test(expanded)) {
    return `it reads ${text}, where credentials are kept`;
  }
  const outside = path.isAbsolute(expanded) || /(^|\/)\.\.(\/|$)/.test(expanded);
  if (dynamic && outside && /[*?[$`]/.test(expanded)) {
    return `it reads ${text}, a pattern outside the workspace that may name credentials`;
  }
  if (!path.isAbsolute(expanded)) {
    return recursive && outside
      ? `it reads everything under ${text}, outside the workspace, which may hold credentials`
      : undefined;
  }
  const resolved = path.resolve(expanded);
  const inside = (folder: string) =>
    resolved === folder || resolved.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
  if (agentHomes(home).some(inside)) return `it reads ${text}, inside the agent's own home`;
  if (recursive && (resolved === home || resolved === '/' || home.startsWith(`${resolved}/`))) {
    return `it reads everything under ${text}, which holds the home folder and its credentials`;
  }
  return undefined;
}
