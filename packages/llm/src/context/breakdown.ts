import type { Message, ToolActivity } from '../messages';
import type { ProviderRequest } from '../provider';
import { checkpointText, toolResultText } from '../history/transform';
import { IMAGE_TOKEN_ESTIMATE } from '../images/image-part';
import { recordedUsagePrefix, type UsageOwner, type UsagePrefix } from './recorded-usage';
import { countTokens, tokensAtMost, type TokenizerFamily } from './tokens';

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

/** A message's tokens, split into conversation and tool results. */
export interface MessageTokens {
  history: number;
  toolResults: number;
}

interface MessageCount extends MessageTokens {
  /** What the count was made from: a message whose calls end or get results is counted again. */
  shape: string;
}

/**
 * Each message's count, per tokenizer family: a request's history is counted every turn (and the
 * status line asks again), but only its new or changed messages cost a count. A resumed session
 * brings the counts its file recorded (`rememberMessageTokens`).
 */
const counted: Record<TokenizerFamily, WeakMap<Message, MessageCount>> = {
  openai: new WeakMap(),
  estimate: new WeakMap(),
};

/** Tokens of the messages alone, split into conversation and tool results. */
export function messageTokens(
  messages: readonly Message[],
  family: TokenizerFamily = 'estimate',
): MessageTokens {
  let history = 0;
  let toolResults = 0;
  for (const message of messages) {
    let count = knownTokens(message, family);
    if (!count) {
      count = measureMessage(message, (text) => countTokens(text, family));
      counted[family].set(message, { shape: shapeOf(message), ...count });
    }
    history += count.history;
    toolResults += count.toolResults;
  }
  return { history, toolResults };
}

/** The count made of `message` as it stands now, if one was. */
function knownTokens(message: Message, family: TokenizerFamily): MessageTokens | undefined {
  const count = counted[family].get(message);
  return count?.shape === shapeOf(message) ? count : undefined;
}

/**
 * Takes a count made elsewhere (a session file records each message's) as the count of
 * `message` as it stands now. A count larger than the message can be (see `tokensAtMost`) is
 * not taken: it cannot be this message's.
 */
export function rememberMessageTokens(
  message: Message,
  family: TokenizerFamily,
  tokens: MessageTokens,
): void {
  const most = measureMessage(message, tokensAtMost);
  const fits = (n: number, max: number): boolean => Number.isSafeInteger(n) && n >= 0 && n <= max;
  if (!fits(tokens.history, most.history) || !fits(tokens.toolResults, most.toolResults)) return;
  counted[family].set(message, { shape: shapeOf(message), ...tokens });
}

/** The history part of a message's count: its text, and its calls' names and inputs. */
export function historyTokens(message: Message, family: TokenizerFamily): number {
  return measureMessage(message, (text) => countTokens(text, family), false).history;
}

/** What one call's result adds to a request (see `toolResultText`). */
export function resultTokens(call: ToolActivity, family: TokenizerFamily): number {
  return MESSAGE_OVERHEAD + countTokens(toolResultText(call), family);
}

/** An upper bound of a request's tokens, and how much of it is not an exact count. */
export interface TokenBound {
  /** The request has at most this many tokens. */
  atMost: number;
  /** The part of `atMost` that is a bound rather than a count already made. */
  uncounted: number;
}

/**
 * At most how many tokens `request` is, without counting: the counts already made of its
 * messages, and for the rest their bytes (`tokensAtMost`). Below a limit, the request is below
 * it for sure; above, only a count can tell. With `owner`, a resumed history's recorded usage
 * (`recordedUsagePrefix`) counts the messages up to the response it belongs to, results of that
 * response's calls aside; the system prompt and tools are bounded again (they may have changed).
 */
export function tokenBound(
  request: ProviderRequest,
  family: TokenizerFamily,
  owner?: UsageOwner,
): TokenBound {
  let fixed = tokensAtMost(request.system);
  if (request.tools.length > 0) fixed += tokensAtMost(JSON.stringify(request.tools));
  const counted = messagesBound(request.messages, family);
  const prefix = owner ? recordedUsagePrefix(request.messages, owner) : undefined;
  const recorded = prefix && messagesBound(request.messages, family, prefix);
  const best = recorded && recorded.atMost < counted.atMost ? recorded : counted;
  return { atMost: best.atMost + fixed, uncounted: best.uncounted + fixed };
}

/** The bound of messages alone; with `prefix`, its usage in place of the messages it counts. */
function messagesBound(
  messages: readonly Message[],
  family: TokenizerFamily,
  prefix?: UsagePrefix,
): TokenBound {
  let known = prefix?.tokens ?? 0;
  let uncounted = 0;
  for (let i = prefix ? prefix.end : 0; i < messages.length; i++) {
    const message = messages[i]!;
    // The usage counts its own response's text and calls, not their results.
    const covered = prefix !== undefined && i === prefix.end;
    const count = knownTokens(message, family);
    if (count) known += (covered ? 0 : count.history) + count.toolResults;
    else {
      const most = measureMessage(message, tokensAtMost);
      uncounted += (covered ? 0 : most.history) + most.toolResults;
    }
  }
  return { atMost: known + uncounted, uncounted };
}

/** A message's tokens as `measure` counts its texts (a tokenizer, or a bound). */
function measureMessage(
  message: Message,
  measure: (text: string) => number,
  results = true,
): MessageTokens {
  let history = MESSAGE_OVERHEAD;
  let toolResults = 0;
  if (message.role === 'user') {
    history += measure(message.text);
    history += (message.images?.length ?? 0) * IMAGE_TOKEN_ESTIMATE;
  } else if (message.role === 'checkpoint') history += measure(checkpointText(message));
  else {
    history += measure(message.text);
    for (const call of message.toolCalls) {
      history += measure(call.name) + measure(inputText(call.input));
      if (results) toolResults += MESSAGE_OVERHEAD + measure(toolResultText(call));
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
