import type { SessionEvent } from './schema';

/** The tokens one model used over a session, from the usage its responses recorded. */
export interface ModelUsage {
  provider: string;
  model: string;
  /** Every input token, cached ones included (as the providers count them). */
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the provider's prompt cache (where it reports them). */
  cachedTokens: number;
  /** Responses that reported usage. */
  responses: number;
}

/**
 * The tokens of every model a session's responses came from, in the order the models were first
 * used: each `assistant` event's usage belongs to the provider and model of the `session_start`
 * or the last `provider_change` before it. A resumed session's file holds its earlier turns too.
 */
export function sessionUsage(events: readonly SessionEvent[]): ModelUsage[] {
  const byModel = new Map<string, ModelUsage>();
  let provider = '';
  let model = '';
  for (const event of events) {
    if (event.type === 'session_start' || event.type === 'provider_change') {
      provider = event.provider;
      model = event.model;
      continue;
    }
    if (event.type !== 'assistant' || !event.message.usage) continue;
    const key = `${provider}\n${model}`;
    let entry = byModel.get(key);
    if (!entry) {
      entry = { provider, model, inputTokens: 0, outputTokens: 0, cachedTokens: 0, responses: 0 };
      byModel.set(key, entry);
    }
    const usage = event.message.usage;
    entry.inputTokens += usage.inputTokens;
    entry.outputTokens += usage.outputTokens;
    entry.cachedTokens += usage.cachedTokens ?? 0;
    entry.responses++;
  }
  return [...byModel.values()];
}
