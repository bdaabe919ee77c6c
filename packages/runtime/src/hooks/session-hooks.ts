import { runConfiguredCommand } from './configured-command';
import { readHookAnswer, type HookAnswer, type HookPermission } from './hook-answer';
import { matchesTool, type HookEntry, type HookEvent } from './hook-config';
import { loadHooks, type LoadedHooks } from './hook-sources';

/** What the hooks of one session need of it. */
export interface HookDeps {
  agentHome: string;
  workspaceRoot: string;
  /** A one-line note for the person (the transcript, headless stderr). */
  notice(text: string): void;
  /** The session file's id and path, once it exists. */
  session(): { id?: string; path?: string };
}

/** What the hooks of one event said together. */
export interface HooksAnswer {
  /** Why they blocked (each blocking hook's reason), when one did. */
  block?: string;
  /** The first hook that blocked. */
  blockedBy?: string;
  /** The strongest permission decision (deny, then ask, then allow), with the hook that made it. */
  permission?: { decision: HookPermission; by: string; reason?: string };
  /** Text they add for the model. */
  context?: string;
}

/** At most this much of what hooks add reaches the model, per event. */
export const HOOK_CONTEXT_CHARS = 10_000;
const NOTE_CHARS = 200;
const STRENGTH: Record<HookPermission, number> = { allow: 1, ask: 2, deny: 3 };

/**
 * The hooks of one session: read afresh at every event (a workspace file approved or changed
 * meanwhile counts at once), run in parallel when several match, each in its own process group
 * with its timeout and the turn's signal. A failing hook is shown in a note and never obeyed nor
 * fatal. The workspace's hooks the person has not approved are named once per change.
 */
export class SessionHooks {
  private warned = '';

  constructor(private readonly deps: HookDeps) {}

  /** The hooks in force now, and the workspace's unapproved ones (for `/hooks`). */
  load(): LoadedHooks {
    const loaded = loadHooks(this.deps.agentHome, this.deps.workspaceRoot);
    const warning = [...loaded.problems, unapprovedLine(loaded.unapproved)]
      .filter(Boolean)
      .join('\n');
    if (warning !== this.warned) {
      this.warned = warning;
      for (const line of warning.split('\n').filter(Boolean)) this.deps.notice(line);
    }
    return loaded;
  }

  /**
   * Runs the hooks of `event` (those whose matcher names `toolName`, for tool events) with the
   * event's `fields` on stdin as one JSON object, beside Claude Code's common fields.
   */
  async run(
    event: HookEvent,
    fields: Record<string, unknown>,
    signal: AbortSignal,
    toolName?: string,
  ): Promise<HooksAnswer> {
    const hooks = this.load().hooks.filter(
      (hook) =>
        hook.event === event && (toolName === undefined || matchesTool(hook.matcher, toolName)),
    );
    if (hooks.length === 0) return {};
    const { id, path } = this.deps.session();
    const input = `${JSON.stringify({
      session_id: id ?? '',
      ...(path ? { transcript_path: path } : {}),
      cwd: this.deps.workspaceRoot,
      hook_event_name: event,
      ...fields,
    })}\n`;
    const answers = await Promise.all(hooks.map((hook) => this.runOne(hook, input, signal)));
    return combine(hooks, answers);
  }

  private async runOne(hook: HookEntry, input: string, signal: AbortSignal): Promise<HookAnswer> {
    const run = await runConfiguredCommand(hook.command, input, {
      cwd: this.deps.workspaceRoot,
      signal,
      timeoutMs: hook.timeoutMs,
      env: {
        ...process.env,
        AGENT_PROJECT_DIR: this.deps.workspaceRoot,
        CLAUDE_PROJECT_DIR: this.deps.workspaceRoot,
      },
    });
    const answer = readHookAnswer(hook.event, run);
    if (answer.failure !== undefined && !signal.aborted) {
      this.deps.notice(
        `Hook failed (${hook.event}: ${short(hook.command)}, from ${hook.source}): ${oneLine(answer.failure)}`,
      );
    }
    return answer;
  }
}

/** The answers of the hooks that ran for one event, as one. */
function combine(hooks: readonly HookEntry[], answers: readonly HookAnswer[]): HooksAnswer {
  const result: HooksAnswer = {};
  const blocks: string[] = [];
  const contexts: string[] = [];
  answers.forEach((answer, i) => {
    if (answer.block !== undefined) {
      blocks.push(answer.block.trim());
      result.blockedBy ??= hookName(hooks[i]!);
    }
    if (answer.context !== undefined) contexts.push(answer.context.trim());
    const decision = answer.permission;
    const stronger =
      decision !== undefined &&
      (!result.permission || STRENGTH[decision] > STRENGTH[result.permission.decision]);
    if (stronger) {
      result.permission = {
        decision,
        by: hookName(hooks[i]!),
        ...(answer.permissionReason !== undefined ? { reason: answer.permissionReason } : {}),
      };
    }
  });
  if (blocks.length > 0) result.block = blocks.join('\n');
  const context = contexts.filter(Boolean).join('\n\n');
  if (context !== '') result.context = bounded(context);
  return result;
}

/** How a hook is named to the model and the person: its event, command and file. */
export function hookName(hook: HookEntry): string {
  return `the ${hook.event} hook "${short(hook.command)}" (${hook.source})`;
}

function unapprovedLine(unapproved: readonly HookEntry[]): string {
  if (unapproved.length === 0) return '';
  return `${unapproved.length} hook(s) in ${unapproved[0]!.source} are not run: this workspace's settings file was not written or approved by you as it is now (review it, then /hooks approve)`;
}

function bounded(text: string): string {
  if (text.length <= HOOK_CONTEXT_CHARS) return text;
  return `${text.slice(0, HOOK_CONTEXT_CHARS)}\n[hook output cut at ${HOOK_CONTEXT_CHARS} characters]`;
}

/** One line of at most NOTE_CHARS characters, for a note. */
export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > NOTE_CHARS ? `${line.slice(0, NOTE_CHARS - 1)}…` : line;
}

function short(command: string): string {
  const line = command.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
