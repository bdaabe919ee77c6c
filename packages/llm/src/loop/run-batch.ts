import type { AssistantMessage } from '../messages';
import { cloneActivity } from '../history/clone';
import { executeCall, moveTo, wouldAsk, type CallEnvironment } from './execute-call';
import { interruptedOutcome, settleCall } from './call-outcome';
import { rememberedCall, type ToolCall } from './tool-call';

/**
 * Runs the calls of one model response in order (adjacent `concurrent` calls together, their
 * results still in call order). When the response holds an interactive call that really opens a
 * questionnaire (valid input, budget left, no soft stop pending) together with others, only the
 * interactive calls run; every other call is `skipped` with a result telling the model to retry
 * after reading the answer. An interactive call that is refused takes no precedence. Returns
 * `interrupted` when the signal aborted; then every call not finished is settled as interrupted.
 */
export async function runBatch(
  calls: readonly ToolCall[],
  env: CallEnvironment,
): Promise<'done' | 'interrupted'> {
  const interactive = calls.length > 1 ? calls.find((call) => wouldAsk(call, env)) : undefined;
  const precedence = interactive?.activity.name;

  for (let index = 0; index < calls.length;) {
    if (env.signal.aborted) break;
    const call = calls[index]!;
    if (precedence && !call.tool?.interactive) {
      skip(call, precedence, env);
      index++;
      continue;
    }
    // Adjacent calls of tools declared `concurrent` (subagent delegation) run together.
    const group = precedence ? [call] : concurrentRun(calls, index);
    const statuses = await Promise.all(group.map((member) => executeCall(member, env)));
    index += group.length;
    if (statuses.includes('interrupted')) break;
  }
  if (!env.signal.aborted && calls.every((call) => call.state === 'settled')) return 'done';
  interruptPending(calls, env);
  return 'interrupted';
}

/**
 * Settles the calls a crash left `pending` in `message`: interactive calls are run again under
 * the usual rules (their input is the exact one kept), and so are `resumable` ones; the other
 * pending calls of a batch whose
 * questionnaire opens again are skipped as precedence skipped them the first time; any other
 * pending call is closed as interrupted (it may have had side effects; the model can retry it).
 * Settled calls are left.
 */
export async function resumeBatch(
  message: AssistantMessage,
  env: CallEnvironment,
): Promise<'done' | 'interrupted'> {
  const open = message.toolCalls
    .filter((activity) => activity.status === 'pending')
    .map((activity) => rememberedCall(activity, env.registry));
  // A batch whose questionnaire opens again never ran its other calls (section 4 precedence):
  // they get the same skipped result as in the first run, not an interruption.
  const asking =
    message.toolCalls.length > 1 ? open.find((call) => wouldAsk(call, env)) : undefined;
  if (asking) {
    for (const call of open) if (!call.tool?.interactive) skip(call, asking.activity.name, env);
  }
  for (const call of open) {
    if (env.signal.aborted) break;
    if (call.state === 'settled' || !runsAgain(call, env)) continue;
    const status = await executeCall(call, env);
    if (status === 'interrupted') break;
  }
  interruptPending(open, env);
  return env.signal.aborted ? 'interrupted' : 'done';
}

function runsAgain(call: ToolCall, env: CallEnvironment): boolean {
  if (call.tool?.interactive) return wouldAsk(call, env);
  return call.tool?.resumable === true && call.validation.ok && !env.softStop?.aborted;
}

function concurrentRun(calls: readonly ToolCall[], start: number): ToolCall[] {
  const isConcurrent = (call: ToolCall | undefined) => call?.tool?.concurrent === true;
  if (!isConcurrent(calls[start])) return [calls[start]!];
  let end = start + 1;
  while (isConcurrent(calls[end])) end++;
  return calls.slice(start, end);
}

function skip(call: ToolCall, interactiveName: string, env: CallEnvironment): void {
  env.emit({ type: 'tool_start', activity: cloneActivity(call.activity), title: call.title });
  settleCall(
    call.activity,
    call.tool,
    call.title,
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
  moveTo(call, 'settled');
}

/** Settles every call not yet settled as interrupted (each gets exactly one result and `tool_end`). */
export function interruptPending(
  calls: readonly ToolCall[],
  env: Pick<CallEnvironment, 'emit'>,
): void {
  for (const call of calls) {
    if (call.state === 'settled' || call.activity.status !== 'pending') continue;
    settleCall(
      call.activity,
      call.tool,
      call.title,
      interruptedOutcome(call.activity.name),
      env.emit,
    );
    moveTo(call, 'settled');
  }
}
