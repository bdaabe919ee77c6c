import type { ProviderRequest } from '../provider';
import { contextBreakdown, type ContextBreakdown } from './breakdown';
import { tokenizerFamily } from './tokens';
import { contextWindowFor } from './windows';

/** Fraction of the window at which compaction starts automatically, unless configured. */
export const DEFAULT_AUTO_COMPACT_FRACTION = 0.8;

export interface ContextUsage extends ContextBreakdown {
  window: number;
  /** total / window */
  fraction: number;
}

/** How full the window is for a request to `model` of `providerId`. */
export function contextUsage(
  request: ProviderRequest,
  model: string,
  providerId?: string,
  window = contextWindowFor(model),
): ContextUsage {
  const breakdown = contextBreakdown(request, tokenizerFamily(providerId, model));
  return { ...breakdown, window, fraction: window > 0 ? breakdown.total / window : 1 };
}

/** Whether a conversation using `usedTokens` of `window` should be compacted before the next prompt. */
export function shouldAutoCompact(
  usedTokens: number,
  window: number,
  fraction = DEFAULT_AUTO_COMPACT_FRACTION,
): boolean {
  if (fraction <= 0 || fraction > 1) return false;
  return usedTokens >= window * fraction;
}
