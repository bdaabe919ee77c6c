import type { ToolSpec } from '@agent/tools';
import { CHARS_PER_TOKEN } from './tokens';
import { contextWindowFor } from './windows';

/**
 * Functions one request may declare, where the provider's API documents a limit: OpenAI's Chat
 * Completions and Responses APIs accept 128 (`tools` has `maxItems: 128`), the Gemini API 512
 * ("At most 512 function declarations can be specified"). Anthropic and Bedrock document no
 * count, so the default applies there.
 */
const COUNT_LIMITS: Readonly<Record<string, number>> = {
  'openai-chat': 128,
  'openai-responses': 128,
  genkit: 512,
};

/** Tools one request declares at most where the provider documents no limit. */
export const DEFAULT_TOOL_COUNT_LIMIT = 256;

/**
 * Share of the model's context window the declared tools' schemas may take: past it a
 * conversation would have little room left, and every request would pay for the schemas.
 */
export const TOOL_SCHEMA_SHARE = 0.25;

/** What one request may declare for a provider and model. */
export interface ToolBudget {
  /** Tools declared at most. */
  maxTools: number;
  /** Estimated tokens of the declared tools' specs (name, description, schema) at most. */
  maxSchemaTokens: number;
  /** Why `maxTools` is what it is, for the person: "openai-chat accepts at most 128 tools". */
  countRule: string;
  /** Why `maxSchemaTokens` is what it is, for the person. */
  sizeRule: string;
}

/** The tool budget of `provider` (a provider id) running `model` in a window of `window` tokens. */
export function toolBudgetFor(
  provider: string,
  model: string,
  window = contextWindowFor(model),
): ToolBudget {
  const documented = COUNT_LIMITS[provider];
  const maxTools = documented ?? DEFAULT_TOOL_COUNT_LIMIT;
  const maxSchemaTokens = Math.floor(window * TOOL_SCHEMA_SHARE);
  return {
    maxTools,
    maxSchemaTokens,
    countRule:
      documented !== undefined
        ? `${provider} accepts at most ${maxTools} tools`
        : `at most ${maxTools} tools are sent to ${provider}`,
    sizeRule: `tool schemas may take at most ${Math.round(TOOL_SCHEMA_SHARE * 100)}% of ${model}'s ${window.toLocaleString('en-US')}-token context window`,
  };
}

/** Characters a wire format adds around one spec (OpenAI's `{"type":"function","function":…}`). */
const WIRE_CHARS_PER_TOOL = 48;

/**
 * Estimated tokens of a tool's spec as a request declares it (its JSON and the wire format's
 * wrapping, characters / 3.5): the budget is checked before every request, so it is counted
 * without the tokenizer.
 */
export function specTokens(spec: ToolSpec): number {
  return Math.ceil((JSON.stringify(spec).length + WIRE_CHARS_PER_TOOL) / CHARS_PER_TOKEN);
}
