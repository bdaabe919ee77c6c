import type { ToolRegistry } from '@agent/tools';
import type { Message } from '../messages';
import type { Provider, ProviderRequest } from '../provider';
import { prepareMessages } from '../history/transform';
import { contextBreakdown, tokenBound } from '../context/breakdown';
import { reduceHistory } from '../context/reduce';
import { tokenizerFamily, warmTokenizer } from '../context/tokens';
import { windowOf } from '../context/windows';

/** Default fraction of the window past which old tool results are pruned from a request. */
export const DEFAULT_REDUCE_FRACTION = 0.8;

export interface RequestInput {
  provider: Provider;
  registry: ToolRegistry;
  system: string;
  messages: readonly Message[];
  contextWindow?: number;
  reduceAt?: number;
  maxOutputTokens?: number;
}

/**
 * The next provider request, prepared at the one history boundary: `prepareMessages` (history
 * from the last checkpoint, dangling calls closed), then old tool results pruned when the request
 * would pass `reduceAt` of the window. Adapters map what this returns and prepare nothing again.
 */
export function buildRequest(input: RequestInput): ProviderRequest {
  const request: ProviderRequest = {
    system: input.system,
    messages: prepareMessages(input.messages),
    tools: input.registry.specs(),
  };
  if (input.maxOutputTokens !== undefined) request.maxOutputTokens = input.maxOutputTokens;
  const window = input.contextWindow ?? windowOf(input.provider);
  const limit = window * (input.reduceAt ?? DEFAULT_REDUCE_FRACTION);
  // Counting waits until the request may reach the limit; the tokenizer loads (in slices, in the
  // background) once what is not counted yet nears a quarter of it.
  const family = tokenizerFamily(input.provider.id, input.provider.model);
  const bound = tokenBound(request, family, {
    provider: input.provider.id,
    model: input.provider.model,
  });
  if (family === 'openai' && bound.uncounted >= limit / 4) void warmTokenizer();
  if (bound.atMost < limit) return request;
  const breakdown = contextBreakdown(request, family);
  if (breakdown.total > limit) {
    const budget = limit - breakdown.system - breakdown.tools;
    request.messages = reduceHistory(request.messages, budget, family).messages;
  }
  return request;
}
