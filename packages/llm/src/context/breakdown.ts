import type { Message } from '../messages';
import type { ProviderRequest } from '../provider';
import { checkpointText, toolResultText } from '../history/transform';
import { countTokens, type TokenizerFamily } from './tokens';

/** Where the tokens of a request go. `total` is the sum of the other four. */
export interface ContextBreakdown {
  system: number;
  tools: number;
  /** User and assistant text, tool call inputs and checkpoints. */
  history: number;
  /** Every result text the request carries (raw, retained or status line). */
  toolResults: number;
  total: number;
}

/** Per-message framing the wire formats add (roles, separators). */
const MESSAGE_OVERHEAD = 4;

export function contextBreakdown(
  request: ProviderRequest,
  family: TokenizerFamily = 'estimate',
): ContextBreakdown {
  const system = countTokens(request.system, family);
  const tools = request.tools.length ? countTokens(JSON.stringify(request.tools), family) : 0;
  const { history, toolResults } = messageTokens(request.messages, family);
  return { system, tools, history, toolResults, total: system + tools + history + toolResults };
}

/** Tokens of the messages alone, split into conversation and tool results. */
export function messageTokens(
  messages: readonly Message[],
  family: TokenizerFamily = 'estimate',
): { history: number; toolResults: number } {
  let history = 0;
  let toolResults = 0;
  for (const message of messages) {
    history += MESSAGE_OVERHEAD;
    if (message.role === 'user') history += countTokens(message.text, family);
    else if (message.role === 'checkpoint') history += countTokens(checkpointText(message), family);
    else {
      history += countTokens(message.text, family);
      for (const call of message.toolCalls) {
        history += countTokens(call.name, family) + countTokens(inputText(call.input), family);
        toolResults += MESSAGE_OVERHEAD + countTokens(toolResultText(call), family);
      }
    }
  }
  return { history, toolResults };
}

function inputText(input: unknown): string {
  return typeof input === 'string' ? input : (JSON.stringify(input) ?? '');
}
