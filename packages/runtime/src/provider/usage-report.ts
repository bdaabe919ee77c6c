import { loadAgentSettings, type ModelPrice } from '@agent/llm/config';
import { loadSession, sessionUsage, type ModelUsage } from '@agent/session';

/** One model's tokens over the session, with their cost where its price is known. */
export interface ModelUsageCost extends ModelUsage {
  /** US dollars; absent when config.json's `prices` has no entry for the model. */
  cost?: number;
}

/** The session's tokens per model and in total (what `/usage` and headless JSON show). */
export interface UsageReport {
  models: ModelUsageCost[];
  total: {
    inputTokens: number;
    outputTokens: number;
    cachedTokens: number;
    /** The cost of the models with a known price; absent when none has one. */
    cost?: number;
    /** Models whose tokens `cost` leaves out, for want of a price. */
    unpriced: string[];
  };
}

const PER_TOKEN = 1 / 1_000_000;

/** The cost of `usage` at `price`: cached input at its own price (else the input price). */
export function usageCost(usage: ModelUsage, price: ModelPrice): number {
  const cached = Math.min(usage.cachedTokens, usage.inputTokens);
  return (
    ((usage.inputTokens - cached) * price.input +
      cached * (price.cachedInput ?? price.input) +
      usage.outputTokens * price.output) *
    PER_TOKEN
  );
}

/** Prices `models` from `prices` (by model id) and adds them up. */
export function usageReport(
  models: readonly ModelUsage[],
  prices: Readonly<Record<string, ModelPrice>> = {},
): UsageReport {
  const total: UsageReport['total'] = {
    inputTokens: 0,
    outputTokens: 0,
    cachedTokens: 0,
    unpriced: [],
  };
  const priced = models.map((usage): ModelUsageCost => {
    total.inputTokens += usage.inputTokens;
    total.outputTokens += usage.outputTokens;
    total.cachedTokens += usage.cachedTokens;
    const price = Object.hasOwn(prices, usage.model) ? prices[usage.model] : undefined;
    if (!price) {
      total.unpriced.push(usage.model);
      return { ...usage };
    }
    const cost = usageCost(usage, price);
    total.cost = (total.cost ?? 0) + cost;
    return { ...usage, cost };
  });
  return { models: priced, total };
}

/**
 * The usage of the session saved in `file` (every turn it holds, also those before a resume),
 * priced from `agentHome`'s config.json; empty without a file.
 */
export async function sessionFileUsage(
  file: string | undefined,
  agentHome: string,
): Promise<UsageReport> {
  const events = file ? (await loadSession(file)).events : [];
  return usageReport(sessionUsage(events), loadAgentSettings(agentHome).prices);
}
