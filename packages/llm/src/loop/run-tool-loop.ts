import type { AssistantMessage, Message } from '../messages';
import { cloneMessage } from '../history/clone';
import { abortable, attempt } from './abortable';
import { finalizeTurnMemory } from '../history/memory';
import { buildRequest } from './build-request';
import { collectTurn } from './collect-turn';
import type { CallEnvironment } from './execute-call';
import { interruptPending, resumeBatch, runBatch } from './run-batch';
import { prepareCall, type ToolCall } from './tool-call';
import type { LoopEndReason, LoopEvent, LoopOptions, LoopResult } from './types';

export const DEFAULT_MAX_ITERATIONS = 50;
export const DEFAULT_MAX_INTERACTIVE = 3;

/**
 * Runs one user prompt's tool loop: model call, tool calls, results, again, until the model
 * answers without calls, the iteration limit, a provider error, a soft stop or an interrupt.
 * Never throws. Every tool call id gets exactly one result, in order, whatever happens.
 */
export async function runToolLoop(options: LoopOptions): Promise<LoopResult> {
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const produced: AssistantMessage[] = [];
  /** `produced` with the steering messages in their places: what the next request carries. */
  const added: Message[] = [];
  const emit = (event: LoopEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A failing listener must not break pairing or leave the loop half-done.
    }
  };
  const env: CallEnvironment = {
    registry: options.registry,
    workspaceRoot: options.workspaceRoot,
    signal: options.signal,
    softStop: options.softStop,
    person: options.person,
    maxInteractive: options.maxInteractive ?? DEFAULT_MAX_INTERACTIVE,
    interactiveUsed: { count: options.interactiveUsed ?? 0 },
    ...(options.interactiveBudgetPer ? { budgetPer: options.interactiveBudgetPer } : {}),
    emit,
    ...(options.hooks ? { hooks: options.hooks } : {}),
  };
  const end = (reason: LoopEndReason, error?: string): LoopResult => {
    emit(error === undefined ? { type: 'turn_end', reason } : { type: 'turn_end', reason, error });
    const mode = options.toolHistory ?? 'full';
    const messages = finalizeTurnMemory(produced, mode);
    const conversation = finalizeTurnMemory(added, mode);
    return error === undefined
      ? { messages, conversation, reason }
      : { messages, conversation, reason, error };
  };

  let history = options.history;
  const cut = options.resume ? cutOff(history) : undefined;
  if (cut) {
    history = history.slice(0, -1);
    const message = cloneMessage(cut);
    produced.push(message);
    added.push(message);
    const outcome = await resumeBatch(message, env);
    if (outcome === 'interrupted') return end('interrupted');
  }
  const ready = options.beforeFirstRequest;
  if (ready) {
    await abortable(
      attempt(() => ready(options.signal)),
      options.signal,
    );
  }

  for (let iteration = 0; ; iteration++) {
    if (options.signal.aborted) return end('interrupted');
    if (iteration > 0 && options.softStop?.aborted) return end('stopped');
    if (iteration >= maxIterations) {
      // How to go on is the front end's to say (a message in the REPL, --continue headless).
      const calls = maxIterations === 1 ? 'call' : 'calls';
      return end(
        'max_iterations',
        `Stopped after ${maxIterations} model ${calls} in one turn (the iteration limit).`,
      );
    }
    if (iteration > 0 || cut) {
      for (const text of options.steer?.() ?? []) {
        added.push({ role: 'user', text });
        emit({ type: 'user_message', text });
      }
    }
    const request = buildRequest({
      provider: options.provider,
      registry: options.registry,
      system: typeof options.system === 'function' ? options.system() : options.system,
      messages: [...history, ...added],
      contextWindow: options.contextWindow,
      reduceAt: options.reduceAt,
      maxOutputTokens: options.maxOutputTokens,
    });
    const turn = await collectTurn(options.provider, request, options.signal, {
      onText: (text) => emit({ type: 'text_delta', text }),
      onUsage: (usage) => emit({ type: 'usage', usage }),
      onRetry: ({ attempt, maxRetries, waitMs, reason }) =>
        emit({ type: 'provider_retry', attempt, maxRetries, waitMs, reason }),
    });

    const interrupted = turn.stopReason === 'aborted' || options.signal.aborted;
    const failed = !interrupted && turn.stopReason === 'error';
    // The loop boundary: each call is parsed and validated here, once.
    const calls = (failed ? [] : turn.calls).map((call) =>
      prepareCall(
        options.callId ? { ...call, id: options.callId(call.id) } : call,
        options.registry,
      ),
    );
    if (turn.text || calls.length > 0) {
      const message = assistantMessage(options, turn.text, calls);
      if (turn.usage) message.usage = turn.usage;
      produced.push(message);
      added.push(message);
      emit({ type: 'assistant_message', message: cloneMessage(message) });
      if (interrupted) {
        interruptPending(calls, env);
        return end('interrupted');
      }
      if (calls.length > 0) {
        // The o200k ranks load (in slices) only once a request grows to where counting matters:
        // buildRequest starts them at a quarter of the size that is counted exactly.
        const outcome = await runBatch(calls, env);
        if (outcome === 'interrupted') return end('interrupted');
        continue;
      }
    }
    if (interrupted) return end('interrupted');
    if (failed) return end('error', turn.error?.message ?? 'The provider failed.');
    const goOn = await stopHook(options);
    if (options.signal.aborted) return end('interrupted');
    if (goOn === undefined) return end('done');
    // A Stop hook keeps the turn going: its words reach the model as the next user message.
    added.push({ role: 'user', text: goOn });
    emit({ type: 'user_message', text: goOn });
  }
}

/** What a Stop hook says the model should go on with; undefined to end the turn. */
async function stopHook(options: LoopOptions): Promise<string | undefined> {
  const stop = options.hooks?.stop;
  if (!stop) return undefined;
  const said = await abortable(
    attempt(() => stop(options.signal)),
    options.signal,
  );
  return said.kind === 'value' ? said.value : undefined;
}

/** The last message when it is an assistant message with calls still pending (cut off mid-call). */
function cutOff(history: readonly Message[]): AssistantMessage | undefined {
  const last = history[history.length - 1];
  if (last?.role !== 'assistant') return undefined;
  return last.toolCalls.some((call) => call.status === 'pending') ? last : undefined;
}

function assistantMessage(
  options: LoopOptions,
  text: string,
  calls: readonly ToolCall[],
): AssistantMessage {
  return {
    role: 'assistant',
    text,
    toolCalls: calls.map((call) => call.activity),
    provider: options.provider.id,
    model: options.provider.model,
  };
}
