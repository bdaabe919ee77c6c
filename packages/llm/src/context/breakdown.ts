import type { Message } from '../messages';
import type { ProviderRequest } from '../provider';
import { checkpointText, toolResultText } from '../history/transform';
import { IMAGE_TOKEN_ESTIMATE } from '../images/image-part';
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

interface MessageCount {
  /** What the count was made from: a message whose calls end or get results is counted again. */
  shape: string;
  history: number;
  toolResults: number;
}

/**
 * Each message's count, per tokenizer family: a request's history is counted every turn (and the
 * status line asks again), but only its new or changed messages cost a count.
 */
const counted: Record<TokenizerFamily, WeakMap<Message, MessageCount>> = {
  openai: new WeakMap(),
  estimate: new WeakMap(),
};

/** Tokens of the messages alone, split into conversation and tool results. */
export function messageTokens(
  messages: readonly Message[],
  family: TokenizerFamily = 'estimate',
): { history: number; toolResults: number } {
  let history = 0;
  let toolResults = 0;
  const cache = counted[family];
  for (const message of messages) {
    const shape = shapeOf(message);
    let count = cache.get(message);
    if (count?.shape !== shape) {
      count = { shape, ...countMessage(message, family) };
      cache.set(message, count);
    }
    history += count.history;
    toolResults += count.toolResults;
  }
  return { history, toolResults };
}

function countMessage(
  message: Message,
  family: TokenizerFamily,
): { history: number; toolResults: number } {
  let history = MESSAGE_OVERHEAD;
  let toolResults = 0;
  if (message.role === 'user') {
    history += countTokens(message.text, family);
    history += (message.images?.length ?? 0) * IMAGE_TOKEN_ESTIMATE;
  } else if (message.role === 'checkpoint') history += countTokens(checkpointText(message), family);
  else {
    history += countTokens(message.text, family);
    for (const call of message.toolCalls) {
      history += countTokens(call.name, family) + countTokens(inputText(call.input), family);
      toolResults += MESSAGE_OVERHEAD + countTokens(toolResultText(call), family);
    }
  }
  return { history, toolResults };
}

/** What of a message can change after it was first counted (text and inputs never do). */
function shapeOf(message: Message): string {
  if (message.role === 'user') return `u${message.text.length}:${message.images?.length ?? 0}`;
  if (message.role === 'checkpoint') {
    return `c${message.summary.length}:${message.decisions?.length ?? 0}`;
  }
  let shape = `a${message.text.length}`;
  for (const call of message.toolCalls) {
    shape += `|${call.status}:${call.output?.length ?? -1}:${call.retainedOutput?.length ?? -1}:${call.summary.length}`;
  }
  return shape;
}

function inputText(input: unknown): string {
  return typeof input === 'string' ? input : (JSON.stringify(input) ?? '');
}
