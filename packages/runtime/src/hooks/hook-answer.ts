import type { CommandRun } from './configured-command';
import type { HookEvent } from './hook-config';

/** What the tool call's permission becomes when a PreToolUse hook decides it. */
export type HookPermission = 'allow' | 'ask' | 'deny';

/**
 * One hook's answer, read from its exit status and stdout (Claude Code's conventions): exit 2,
 * or `{"decision": "block", "reason"}`, blocks (stderr or the reason says why); a PreToolUse
 * hook's `hookSpecificOutput.permissionDecision` (or the older `decision: "approve"`) allows,
 * asks or denies; `additionalContext` (top level or in `hookSpecificOutput`) adds text for the
 * model, and so does plain stdout of UserPromptSubmit and SessionStart hooks. `failure` is set
 * when the hook failed (another exit status, the time limit): it is shown, never obeyed.
 */
export interface HookAnswer {
  block?: string;
  permission?: HookPermission;
  /** Why the hook allowed, asked or denied. */
  permissionReason?: string;
  context?: string;
  failure?: string;
}

const PLAIN_CONTEXT: ReadonlySet<HookEvent> = new Set(['UserPromptSubmit', 'SessionStart']);
const DETAIL_CHARS = 300;

export function readHookAnswer(event: HookEvent, run: CommandRun): HookAnswer {
  if (run.code === undefined) return { failure: run.problem ?? 'it did not finish' };
  if (run.code === 2) {
    return { block: run.stderr.trim() || 'blocked by a hook (it gave no reason)' };
  }
  if (run.code !== 0) {
    const detail = run.stderr.trim().slice(0, DETAIL_CHARS);
    return { failure: `exited with status ${run.code}${detail ? `: ${detail}` : ''}` };
  }
  const text = run.stdout.trim();
  if (text === '') return {};
  const json = parseObject(text);
  if (!json) return PLAIN_CONTEXT.has(event) ? { context: text } : {};
  return fromJson(json);
}

function fromJson(json: Record<string, unknown>): HookAnswer {
  const answer: HookAnswer = {};
  const specific = isObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const reason = stringOf(json.reason);
  if (json.decision === 'block' || json.continue === false) {
    answer.block = reason ?? stringOf(json.stopReason) ?? 'blocked by a hook (it gave no reason)';
  }
  const decision = specific.permissionDecision ?? legacyDecision(json.decision);
  if (decision === 'allow' || decision === 'ask' || decision === 'deny') {
    answer.permission = decision;
    const why = stringOf(specific.permissionDecisionReason) ?? reason;
    if (why !== undefined) answer.permissionReason = why;
  }
  const context = [stringOf(json.additionalContext), stringOf(specific.additionalContext)]
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .join('\n');
  if (context !== '') answer.context = context;
  return answer;
}

/** Claude Code's older PreToolUse answers: `approve` allows; `block` is read as a block. */
function legacyDecision(decision: unknown): HookPermission | undefined {
  return decision === 'approve' ? 'allow' : undefined;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
