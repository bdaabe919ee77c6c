import type { LoopHooks } from '@agent/llm';
import { oneLine, type SessionHooks } from './session-hooks';

/**
 * The loop's hooks for one turn: PreToolUse before each call's permission check (a block or a
 * deny refuses the call with the reason for the model; allow and ask go to the permission rules),
 * PostToolUse after each call that ran (with its exact output; what it says is added to the
 * result), and Stop when the model is done (a block keeps the turn going with its reason, and
 * the next Stop hook is told `stop_hook_active`). Each decision that changes something is noted.
 */
export function turnHooks(hooks: SessionHooks, notice: (text: string) => void): LoopHooks {
  let stopActive = false;
  return {
    async before(call, signal) {
      const fields = { tool_name: call.name, tool_input: call.input, tool_use_id: call.id };
      const answer = await hooks.run('PreToolUse', fields, signal, call.name);
      const context = answer.context !== undefined ? { context: answer.context } : {};
      if (answer.context !== undefined) notice(`PreToolUse hook added context to ${call.name}`);
      const permission = answer.permission;
      const denied =
        answer.block !== undefined
          ? { by: answer.blockedBy!, reason: answer.block }
          : permission?.decision === 'deny'
            ? { by: permission.by, reason: permission.reason ?? '' }
            : undefined;
      // The hook's words reach the model as written.
      if (denied?.reason) denied.reason = `The hook says: ${denied.reason}`;
      if (denied) {
        const why = answer.block ?? permission?.reason;
        notice(`PreToolUse hook blocked ${call.name}${why ? `: ${oneLine(why)}` : ''}`);
        return { deny: denied, ...context };
      }
      if (permission?.decision === 'allow' || permission?.decision === 'ask') {
        const verb = permission.decision === 'allow' ? 'allowed' : 'asks approval for';
        notice(
          `PreToolUse hook ${verb} ${call.name}${permission.reason ? `: ${oneLine(permission.reason)}` : ''}`,
        );
        return { permission: { decision: permission.decision, by: permission.by }, ...context };
      }
      return context;
    },
    async after(call, result, signal) {
      const fields = {
        tool_name: call.name,
        tool_input: call.input,
        tool_use_id: call.id,
        tool_response: { output: result.output, is_error: result.isError, status: result.status },
      };
      const answer = await hooks.run('PostToolUse', fields, signal, call.name);
      const parts = [
        ...(answer.block !== undefined ? [`A PostToolUse hook objects: ${answer.block}`] : []),
        ...(answer.context !== undefined ? [answer.context] : []),
      ];
      if (parts.length === 0) return {};
      notice(
        `PostToolUse hook added to ${call.name}'s result${answer.block ? `: ${oneLine(answer.block)}` : ''}`,
      );
      return { context: parts.join('\n\n') };
    },
    async stop(signal) {
      const answer = await hooks.run('Stop', { stop_hook_active: stopActive }, signal);
      if (answer.block === undefined) return undefined;
      stopActive = true;
      notice(`Stop hook kept the turn going: ${oneLine(answer.block)}`);
      return answer.block;
    },
  };
}

/**
 * The UserPromptSubmit hooks for a prompt (and, before a session's first prompt, the
 * SessionStart hooks): a block stops the prompt before the model sees it, with the reason for
 * the person; what they add goes with the prompt to the model.
 */
export async function promptHooks(
  hooks: SessionHooks,
  prompt: string,
  start: 'startup' | 'resume' | undefined,
  signal: AbortSignal,
  notice: (text: string) => void,
): Promise<{ block?: string; context?: string }> {
  const added: string[] = [];
  if (start) {
    const started = await hooks.run('SessionStart', { source: start }, signal);
    if (started.context !== undefined) {
      added.push(started.context);
      notice('SessionStart hook added context');
    }
  }
  const answer = await hooks.run('UserPromptSubmit', { prompt }, signal);
  if (answer.block !== undefined) {
    notice(`UserPromptSubmit hook blocked the prompt: ${oneLine(answer.block)}`);
    return { block: `${answer.blockedBy} blocked the prompt: ${answer.block}` };
  }
  if (answer.context !== undefined) {
    added.push(answer.context);
    notice('UserPromptSubmit hook added context to the prompt');
  }
  return added.length > 0 ? { context: added.join('\n\n') } : {};
}
