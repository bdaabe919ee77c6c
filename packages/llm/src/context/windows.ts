import type { Provider } from '../provider';

/** Context window assumed for a model this table does not know. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;

const WINDOWS: Array<[RegExp, number]> = [
  [/^gpt-4\.1/i, 1_047_576],
  [/^gpt-5/i, 400_000],
  [/^(codex-mini|gpt-5-codex)/i, 400_000],
  [/^o[134](-|$)/i, 200_000],
  [/^gpt-4o|^chatgpt-4o/i, 128_000],
  [/^gpt-4-turbo/i, 128_000],
  [/^gpt-4(-|$)/i, 8_192],
  [/^gpt-3\.5/i, 16_385],
  [/claude/i, 200_000],
  [/gemini-(1\.5|2|3)/i, 1_048_576],
  [/^(meta\.)?llama-?3/i, 128_000],
  [/^demo$/i, 128_000],
];

/** The context window of `model` in tokens: a known figure, or the 128k default. */
export function contextWindowFor(model: string): number {
  const name = model
    .replace(/^.*\//, '')
    .replace(/^(us|eu|apac|global)\./, '')
    .replace(/^anthropic\./, '');
  for (const [pattern, window] of WINDOWS) if (pattern.test(name)) return window;
  return DEFAULT_CONTEXT_WINDOW;
}

/** The window `provider` works in: the one set on it (config, flag, server), else the table's. */
export function windowOf(provider: Pick<Provider, 'model' | 'contextWindow'>): number {
  return provider.contextWindow ?? contextWindowFor(provider.model);
}

/** `provider` with a known context window; everything else is the provider's own. */
export function withContextWindow(provider: Provider, contextWindow: number): Provider {
  const base = provider;
  const sized: Provider = {
    id: base.id,
    model: base.model,
    contextWindow,
    stream: (request, signal) => base.stream(request, signal),
  };
  if (base.listModels) {
    const list = base.listModels.bind(base);
    return { ...sized, listModels: (signal) => list(signal) };
  }
  return sized;
}
