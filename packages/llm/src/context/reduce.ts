import type { Message, ToolActivity } from '../messages';
import { cloneMessage } from '../history/clone';
import { messageTokens } from './breakdown';
import { countTokens, type TokenizerFamily } from './tokens';

/** What replaces a pruned tool result. */
export const REMOVED_RESULT_PLACEHOLDER =
  '[tool result removed to save context; call the tool again if you need it]';

export interface ReductionResult {
  messages: Message[];
  /** How many results were replaced by the placeholder. */
  replaced: number;
  /** Tokens of the messages after reduction. */
  tokens: number;
}

/**
 * Brings `messages` under `budgetTokens` by replacing old raw tool outputs with a placeholder,
 * oldest first. Never touches a retained output, nor anything of the current loop (the messages
 * after the last user message). Returns copies; the input is untouched. May stay over budget
 * when nothing else can be pruned.
 */
export function reduceHistory(
  messages: readonly Message[],
  budgetTokens: number,
  family: TokenizerFamily = 'estimate',
): ReductionResult {
  const out = messages.map((message) => cloneMessage(message));
  const measure = (): number => {
    const { history, toolResults } = messageTokens(out, family);
    return history + toolResults;
  };
  let tokens = measure();
  let replaced = 0;
  if (tokens <= budgetTokens) return { messages: out, replaced, tokens };

  const currentLoopStart = lastUserIndex(out);
  const placeholderTokens = countTokens(REMOVED_RESULT_PLACEHOLDER, family);
  for (let i = 0; i < currentLoopStart && tokens > budgetTokens; i++) {
    const message = out[i]!;
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls) {
      if (tokens <= budgetTokens) break;
      if (!prunable(call)) continue;
      tokens -= countTokens(call.output!, family) - placeholderTokens;
      call.output = REMOVED_RESULT_PLACEHOLDER;
      replaced++;
    }
  }
  return { messages: out, replaced, tokens };
}

function prunable(call: ToolActivity): boolean {
  return (
    call.output !== undefined &&
    call.retainedOutput === undefined &&
    call.output !== REMOVED_RESULT_PLACEHOLDER &&
    call.output.length > REMOVED_RESULT_PLACEHOLDER.length
  );
}

function lastUserIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'user') return i;
  return messages.length;
}
