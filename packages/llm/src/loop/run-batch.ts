import type { AssistantMessage, ToolActivity } from '../messages';
import { cloneActivity } from '../history/clone';
import { executeCall, titleFromMemory, wouldAsk, type CallEnvironment } from './execute-call';
import { interruptedOutcome, settleCall } from './call-outcome';

/**
 * Runs the calls of one model response in order (adjacent `concurrent` calls together, their
 * results still in call order). When the response holds an interactive call that really opens a
 * questionnaire (valid input, budget left, no soft stop pending) together with others, only the
 * interactive calls run; every other call is `skipped` with a result telling the model to retry
 * after reading the answer. An interactive call that is refused takes no precedence. Returns
 * `interrupted` when the signal aborted; then every call not finished is settled as interrupted.
 */
export async function runBatch(
  message: AssistantMessage,
  rawArguments: ReadonlyMap<string, string>,
  env: CallEnvironment,
): Promise<'done' | 'interrupted'> {
  const calls = message.toolCalls;
  const interactive =
    calls.length > 1
      ? calls.find((call) => wouldAsk(call, rawArguments.get(call.id) ?? '', env))
      : undefined;
  const precedence = interactive?.name;

  for (let index = 0; index < calls.length;) {
    if (env.signal.aborted) break;
    const call = calls[index]!;
    const tool = env.registry.get(call.name);
    if (precedence && !tool?.interactive) {
      skip(call, precedence, env);
      index++;
      continue;
    }
    // Adjacent calls of tools declared `concurrent` (subagent delegation) run together.
    const group = precedence ? [call] : concurrentRun(calls, index, env);
    const statuses = await Promise.all(
      group.map((member) => executeCall(member, rawArguments.get(member.id) ?? '', env)),
    );
    index += group.length;
    if (statuses.includes('interrupted')) break;
  }
  if (!env.signal.aborted && calls.every((call) => call.status !== 'pending')) return 'done';
  interruptPending(calls, env);
  return 'interrupted';
}

/**
 * Settles the calls a crash left `pending` in `message`: interactive calls are run again under
 * the usual rules (their input is the exact one kept), every other pending call is closed as
 * interrupted (it may have had side effects; the model can retry it). Settled calls are left.
 */
export async function resumeBatch(
  message: AssistantMessage,
  env: CallEnvironment,
): Promise<'done' | 'interrupted'> {
  for (const call of message.toolCalls) {
    if (call.status !== 'pending' || env.signal.aborted) continue;
    const raw = JSON.stringify(call.input ?? {});
    if (!wouldAsk(call, raw, env)) continue;
    const status = await executeCall(call, raw, env);
    if (status === 'interrupted') break;
  }
  interruptPending(message.toolCalls, env);
  return env.signal.aborted ? 'interrupted' : 'done';
}

function concurrentRun(calls: ToolActivity[], start: number, env: CallEnvironment): ToolActivity[] {
  const isConcurrent = (call: ToolActivity | undefined) =>
    call !== undefined && env.registry.get(call.name)?.concurrent === true;
  if (!isConcurrent(calls[start])) return [calls[start]!];
  let end = start + 1;
  while (isConcurrent(calls[end])) end++;
  return calls.slice(start, end);
}

function skip(call: ToolActivity, interactiveName: string, env: CallEnvironment): void {
  const tool = env.registry.get(call.name);
  const title = titleFromMemory(tool, call);
  env.emit({ type: 'tool_start', activity: cloneActivity(call), title });
  settleCall(
    call,
    tool,
    title,
    {
      status: 'skipped',
      result: {
        output: `skipped: ${interactiveName} took precedence; retry after reading the answer`,
        isError: true,
        summary: `skipped: ${interactiveName} took precedence`,
      },
    },
    env.emit,
  );
}

/** Settles every call still pending as interrupted (each gets exactly one result and `tool_end`). */
export function interruptPending(
  calls: ToolActivity[],
  env: Pick<CallEnvironment, 'registry' | 'emit'>,
): void {
  for (const call of calls) {
    if (call.status !== 'pending') continue;
    const tool = env.registry.get(call.name);
    settleCall(call, tool, titleFromMemory(tool, call), interruptedOutcome(call.name), env.emit);
  }
}
