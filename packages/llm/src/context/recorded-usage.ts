import type { Message } from '../messages';
import { tokensAtMost } from './tokens';

/** Who a request goes to: a recorded usage counts for the same provider and model only. */
export interface UsageOwner {
  provider: string;
  model: string;
}

/** The messages a recorded usage counts: `messages[0..end]`, in `tokens` of the provider's. */
export interface UsagePrefix {
  end: number;
  tokens: number;
}

/**
 * Below one token in this many bytes, a usage cannot be the count of its request (a fake's or a
 * provider's placeholder): it is not taken. Real text is 3-5 bytes a token.
 */
const MOST_BYTES_PER_TOKEN = 12;

/**
 * The provider's own count of a request's first messages, as a session file brings them back: the
 * usage of the last model response from `owner` (its input, the request that produced it, and
 * its output). It is taken only while no call up to it holds a raw output (a resumed history:
 * the file keeps none, so what is sent again is what was sent then or a status line in place of
 * it; in a live history a raw output may have been pruned from the counted request and come
 * back), and when it is a plausible count of those messages (see `MOST_BYTES_PER_TOKEN`).
 */
export function recordedUsagePrefix(
  messages: readonly Message[],
  owner: UsageOwner,
): UsagePrefix | undefined {
  let end = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== 'assistant' || !message.usage) continue;
    if (message.provider !== owner.provider || message.model !== owner.model) continue;
    end = i;
    break;
  }
  if (end === -1) return undefined;
  const { usage } = messages[end] as Extract<Message, { role: 'assistant' }>;
  const tokens = usage!.inputTokens + usage!.outputTokens;
  if (!Number.isSafeInteger(tokens) || tokens <= 0) return undefined;
  let bytes = 0;
  for (let i = 0; i <= end; i++) {
    const message = messages[i]!;
    if (message.role === 'checkpoint') {
      bytes += tokensAtMost(message.summary);
      continue;
    }
    bytes += tokensAtMost(message.text);
    if (message.role === 'user') continue;
    for (const call of message.toolCalls) {
      if (call.output !== undefined && i < end) return undefined;
    }
  }
  return tokens * MOST_BYTES_PER_TOKEN >= bytes ? { end, tokens } : undefined;
}
