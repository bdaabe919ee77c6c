import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseRule, type PermissionRule } from '@agent/tools';
import { updateSettingsFile } from '../settings/settings-file';

/** Where a saved rule lives: the workspace's `.agent/settings.json` or the user's. */
export type RuleScope = 'workspace' | 'user';

interface SettingsFile {
  permissions?: { allow?: unknown; deny?: unknown };
  [key: string]: unknown;
}

/** The settings file of `scope`. */
export function settingsFile(scope: RuleScope, agentHome: string, workspace: string): string {
  return scope === 'user'
    ? path.join(agentHome, 'settings.json')
    : path.join(workspace, '.agent', 'settings.json');
}

/** The rules a settings file holds; unreadable files and bad rules become problems, not errors. */
export function readRuleFile(file: string): { rules: PermissionRule[]; problems: string[] } {
  const problems: string[] = [];
  let data: SettingsFile;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8')) as SettingsFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { rules: [], problems };
    return { rules: [], problems: [`${file}: not readable JSON, its rules are ignored`] };
  }
  const rules: PermissionRule[] = [];
  for (const action of ['allow', 'deny'] as const) {
    const list = data.permissions?.[action];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`${file}: permissions.${action} must be a list of rules`);
      continue;
    }
    for (const text of list) {
      try {
        if (typeof text !== 'string')
          throw new Error(`a rule must be a string, got ${JSON.stringify(text)}`);
        parseRule(text);
        rules.push({ action, text, source: file });
      } catch (error) {
        problems.push(`${file}: ${(error as Error).message}`);
      }
    }
  }
  return { rules, problems };
}

/**
 * Adds (`keep` true) or removes one rule in a settings file, keeping everything else in it;
 * written to a temporary file and renamed into place. Throws with the file's name on failure.
 */
export function updateRuleFile(
  file: string,
  action: PermissionRule['action'],
  text: string,
  keep: boolean,
): boolean {
  parseRule(text);
  return updateSettingsFile(file, (data) => {
    const permissions = ((data as SettingsFile).permissions ??= {});
    const list = Array.isArray(permissions[action]) ? (permissions[action] as unknown[]) : [];
    if (list.includes(text) === keep) return false;
    permissions[action] = keep ? [...list, text] : list.filter((rule) => rule !== text);
    return true;
  });
}

export interface RuleSetOptions {
  agentHome: string;
  workspace: string;
  /** `--allow` / `--deny` rules of this run. */
  flags?: { allow?: readonly string[]; deny?: readonly string[] };
  /** The person trusts the whole workspace (its MCP servers, its settings). */
  workspaceTrusted: boolean;
}

/** `$AGENT_HOME/approved-settings.json`: the workspace settings files the person wrote or approved. */
function approvalsFile(agentHome: string): string {
  return path.join(agentHome, 'approved-settings.json');
}

function digest(file: string): string | undefined {
  try {
    return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
}

function readApprovals(agentHome: string): Record<string, string> {
  try {
    const data = JSON.parse(fs.readFileSync(approvalsFile(agentHome), 'utf8')) as unknown;
    return data && typeof data === 'object' ? (data as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Records the workspace file as it is now as approved by the person. */
function approve(agentHome: string, file: string): void {
  const approvals = readApprovals(agentHome);
  const hash = digest(file);
  if (!hash) return;
  approvals[fs.realpathSync(file)] = hash;
  fs.mkdirSync(agentHome, { recursive: true, mode: 0o700 });
  const target = approvalsFile(agentHome);
  const temporary = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(approvals, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, target);
}

/**
 * Whether the file's current content is what the person saved or approved (in
 * `$AGENT_HOME/approved-settings.json`, by digest): the gate a workspace's settings file, and
 * what else the workspace brings (its hooks, its skills), passes before it counts.
 */
function isApproved(agentHome: string, file: string): boolean {
  const hash = digest(file);
  if (!hash) return false;
  try {
    return readApprovals(agentHome)[fs.realpathSync(file)] === hash;
  } catch {
    return false;
  }
}

/**
 * Every permission rule in force for a session: `--allow`/`--deny`, the user's settings file,
 * the workspace's (allow rules only when trusted), and rules added for this session only.
 */
export class PermissionRuleSet {
  readonly problems: string[] = [];
  private fileRules: PermissionRule[] = [];
  private unapprovedRules: PermissionRule[] = [];
  private readonly sessionRules: PermissionRule[] = [];
  private readonly flagRules: PermissionRule[];

  constructor(private readonly options: RuleSetOptions) {
    this.flagRules = [];
    for (const action of ['allow', 'deny'] as const) {
      for (const text of options.flags?.[action] ?? []) {
        parseRule(text);
        this.flagRules.push({ action, text, source: `--${action}` });
      }
    }
    this.reload();
  }

  /** Reads both settings files again. */
  reload(): void {
    const { agentHome, workspace } = this.options;
    const localFile = settingsFile('workspace', agentHome, workspace);
    const user = readRuleFile(settingsFile('user', agentHome, workspace));
    const local = readRuleFile(localFile);
    this.problems.splice(0, this.problems.length, ...user.problems, ...local.problems);
    // A cloned repository must not approve commands by itself: the workspace file's allow rules
    // count only when the person trusts the workspace or saved (or approved) the file as it is
    // (checked only when it has allow rules: the check reads the file again to hash it).
    const trusted =
      this.options.workspaceTrusted ||
      !local.rules.some((r) => r.action === 'allow') ||
      isApproved(agentHome, localFile);
    this.fileRules = [...user.rules, ...local.rules.filter((r) => trusted || r.action === 'deny')];
    this.unapprovedRules = trusted ? [] : local.rules.filter((r) => r.action === 'allow');
    const ignored = local.rules.length - (this.fileRules.length - user.rules.length);
    if (ignored > 0) {
      this.problems.push(
        `${ignored} allow rule(s) in ${localFile} are ignored: this workspace's file was not written or approved by you (review it, then /permissions approve)`,
      );
    }
  }

  list(): PermissionRule[] {
    return [...this.flagRules, ...this.sessionRules, ...this.fileRules];
  }

  /** The workspace file's allow rules that do not apply: the person has not approved the file. */
  unapproved(): PermissionRule[] {
    return [...this.unapprovedRules];
  }

  /** Where a rule of `list()` or `unapproved()` lives: flags, this session, or a settings file. */
  scopeOf(rule: PermissionRule): 'flags' | 'session' | RuleScope {
    if (rule.source.startsWith('--')) return 'flags';
    if (rule.source === 'this session') return 'session';
    const { agentHome, workspace } = this.options;
    return rule.source === settingsFile('user', agentHome, workspace) ? 'user' : 'workspace';
  }

  /**
   * Allows (or with `action` deny, refuses) `text`: for the rest of this session, or saved in the
   * settings file of `scope` (one rule, where the person chose). Returns where it applies from: a
   * saved allow rule the workspace file cannot apply yet (a file the person has not approved) is
   * also kept for this session. Throws on a malformed rule or when the file cannot be written
   * (nothing is added then).
   */
  add(
    text: string,
    scope?: RuleScope,
    action: PermissionRule['action'] = 'allow',
  ): 'session' | 'saved' | 'saved, session until approved' {
    parseRule(text);
    if (!scope) {
      this.addSessionRule(text, action);
      return 'session';
    }
    const { agentHome, workspace } = this.options;
    const file = settingsFile(scope, agentHome, workspace);
    const approved = scope === 'workspace' && isApproved(agentHome, file);
    const untouched = scope === 'workspace' && !fs.existsSync(file);
    updateRuleFile(file, action, text, true);
    // Approve what the person just wrote, but never a file someone else wrote that they did not review.
    if (approved || untouched) approve(agentHome, file);
    this.reload();
    if (this.fileRules.some((r) => r.source === file && r.action === action && r.text === text)) {
      return 'saved';
    }
    this.addSessionRule(text, action);
    return 'saved, session until approved';
  }

  /** Refuses calls matching `text` for the rest of this session (an "always" refusal). */
  denyForSession(text: string): void {
    parseRule(text);
    this.addSessionRule(text, 'deny');
  }

  private addSessionRule(text: string, action: 'allow' | 'deny' = 'allow'): void {
    if (!this.sessionRules.some((rule) => rule.text === text && rule.action === action)) {
      this.sessionRules.push({ action, text, source: 'this session' });
    }
  }

  /** Removes a rule from where it came from (a file or this session); flags cannot be removed. */
  remove(rule: PermissionRule): boolean {
    const index = this.sessionRules.findIndex(
      (r) => r.text === rule.text && r.action === rule.action,
    );
    if (rule.source === 'this session' && index >= 0) {
      this.sessionRules.splice(index, 1);
      return true;
    }
    if (rule.source.startsWith('--')) return false;
    const approved = isApproved(this.options.agentHome, rule.source);
    const removed = updateRuleFile(rule.source, rule.action, rule.text, false);
    if (approved) approve(this.options.agentHome, rule.source);
    this.reload();
    return removed;
  }

  /** The person reviewed the workspace's settings file: its allow rules apply from now on. */
  approveWorkspaceFile(): void {
    const { agentHome, workspace } = this.options;
    approve(agentHome, settingsFile('workspace', agentHome, workspace));
    this.reload();
  }

  /** Forgets the rules added for this session only (a new session). */
  resetSession(): void {
    this.sessionRules.splice(0);
  }
}

export { approve as approveFile, isApproved as isFileApproved };
