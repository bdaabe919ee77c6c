/** The part of js-tiktoken's encoder used here. */
interface Encoder {
  encode(
    text: string,
    allowedSpecial?: string[] | 'all',
    disallowedSpecial?: string[] | 'all',
  ): number[];
}

/**
 * How text is counted: `openai` uses the real o200k_base tokenizer (GPT-4o and later, the
 * Codex family); `estimate` is characters / 3.5, a documented approximation for providers whose
 * tokenizer is not public (Anthropic, Gemini, Bedrock models).
 */
export type TokenizerFamily = 'openai' | 'estimate';

/** Average characters per token assumed by the estimate. */
export const CHARS_PER_TOKEN = 3.5;

let encoder: Encoder | undefined;

function openaiEncoder(): Encoder {
  if (!encoder) {
    // The rank data is 2 MB: loaded on first use, never at start-up.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const lite = require('js-tiktoken/lite') as { Tiktoken: new (ranks: unknown) => Encoder };
    const module = require('js-tiktoken/ranks/o200k_base') as { default?: unknown };
    const ranks = module.default ?? module;
    /* eslint-enable @typescript-eslint/no-require-imports */
    encoder = new lite.Tiktoken(ranks);
  }
  return encoder;
}

/** Tokens in `text` for a tokenizer family. */
export function countTokens(text: string, family: TokenizerFamily = 'estimate'): number {
  if (text.length === 0) return 0;
  if (family === 'openai') return openaiEncoder().encode(text, [], []).length;
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** The family to count with for a provider id and model name. */
export function tokenizerFamily(providerId?: string, model?: string): TokenizerFamily {
  if (providerId === 'openai-chat' || providerId === 'openai-responses') return 'openai';
  if (model && /^(gpt-|o[1-9]|chatgpt|codex)/i.test(model)) return 'openai';
  return 'estimate';
}
