import { CLAUDE_CODE_NAMES } from '../permissions/rule-tools';

/** The points of the loop a hook can run at (Claude Code's event names). */
export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'Stop',
  'SessionStart',
  'Notification',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** How long a hook may run when its entry names no `timeout`. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;
const MAX_TIMEOUT_SECONDS = 3600;

/** One configured hook: a shell command run at `event`, for the tools `matcher` names. */
export interface HookEntry {
  event: HookEvent;
  /** As written: a tool name or a regular expression; empty or `*` matches every tool. */
  matcher: string;
  command: string;
  timeoutMs: number;
  /** The file it comes from. */
  source: string;
}

/**
 * The hooks a settings object's `hooks` holds, in Claude Code's shape:
 * `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "...",
 * "timeout": 30}]}]}`. Each bad part is skipped with a problem naming `source` and the field;
 * the rest is kept.
 */
export function parseHooks(
  value: unknown,
  source: string,
): { hooks: HookEntry[]; problems: string[] } {
  const hooks: HookEntry[] = [];
  const problems: string[] = [];
  if (value === undefined) return { hooks, problems };
  if (!isObject(value)) {
    return { hooks, problems: [`${source}: hooks must be an object of events`] };
  }
  for (const [event, groups] of Object.entries(value)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      problems.push(`${source}: hooks.${event}: unknown event (known: ${HOOK_EVENTS.join(', ')})`);
      continue;
    }
    if (!Array.isArray(groups)) {
      problems.push(`${source}: hooks.${event} must be a list of {"matcher", "hooks"}`);
      continue;
    }
    groups.forEach((group: unknown, i) => {
      const where = `${source}: hooks.${event}[${i}]`;
      if (!isObject(group) || !Array.isArray(group.hooks)) {
        problems.push(`${where} must be {"matcher": "...", "hooks": [...]}`);
        return;
      }
      const matcher = group.matcher ?? '';
      if (typeof matcher !== 'string' || !validMatcher(matcher)) {
        problems.push(`${where}.matcher must be a tool name or a regular expression`);
        return;
      }
      group.hooks.forEach((hook: unknown, j) => {
        const entry = parseEntry(hook, `${where}.hooks[${j}]`, problems);
        if (entry) hooks.push({ event: event as HookEvent, matcher, source, ...entry });
      });
    });
  }
  return { hooks, problems };
}

function parseEntry(
  hook: unknown,
  where: string,
  problems: string[],
): { command: string; timeoutMs: number } | undefined {
  if (!isObject(hook)) {
    problems.push(`${where} must be {"type": "command", "command": "..."}`);
    return undefined;
  }
  if (hook.type !== 'command') {
    problems.push(`${where}: only "type": "command" hooks are supported; skipped`);
    return undefined;
  }
  if (typeof hook.command !== 'string' || hook.command.trim() === '') {
    problems.push(`${where}.command must be a non-empty shell command line`);
    return undefined;
  }
  const timeout = hook.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS;
  if (typeof timeout !== 'number' || !(timeout > 0) || timeout > MAX_TIMEOUT_SECONDS) {
    problems.push(
      `${where}.timeout must be seconds, more than 0 and at most ${MAX_TIMEOUT_SECONDS}`,
    );
    return undefined;
  }
  return { command: hook.command, timeoutMs: Math.round(timeout * 1000) };
}

function validMatcher(matcher: string): boolean {
  try {
    new RegExp(`^(?:${matcher})$`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `matcher` names the tool `toolName`: empty or `*` matches every tool; otherwise the
 * whole name must match it as a regular expression, under our name or Claude Code's for the
 * same tool (`Bash` matches `run_shell`, `Edit|Write` matches `edit_file` and `write_file`).
 */
export function matchesTool(matcher: string, toolName: string): boolean {
  if (matcher === '' || matcher === '*') return true;
  const pattern = new RegExp(`^(?:${matcher})$`);
  return [toolName, ...claudeCodeNamesOf(toolName)].some((name) => pattern.test(name));
}

function claudeCodeNamesOf(toolName: string): string[] {
  return Object.entries(CLAUDE_CODE_NAMES)
    .filter(([, ours]) => ours === toolName)
    .map(([theirs]) => theirs);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
