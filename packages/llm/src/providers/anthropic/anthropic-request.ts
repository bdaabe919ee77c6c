import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import { isErrorResult, toolResultText } from '../../history';
import type { ProviderRequest } from '../../provider';
import { BLOCK_ROLES, toBlockTurns, toolInputObject } from '../shared';

/** Default `max_tokens` (the Messages API requires one). */
export const DEFAULT_MAX_TOKENS = 8192;

/** Claude 3 models (before 3.5) reject more than 4096 output tokens. */
export function defaultMaxTokens(model: string): number {
  return /claude-3-(opus|sonnet|haiku)/.test(model) ? 4096 : DEFAULT_MAX_TOKENS;
}

/**
 * Prepared neutral history as Messages API turns: each assistant turn is `[text?, tool_use...]`
 * followed by one user turn that starts with a `tool_result` for every `tool_use`, in order.
 * Consecutive same-role turns are merged and blank text blocks are never sent.
 */
export function toAnthropicMessages(messages: ProviderRequest['messages']): MessageParam[] {
  return toBlockTurns<ContentBlockParam>(messages, {
    roles: BLOCK_ROLES,
    text: (value) => ({ type: 'text', text: value }),
    image: (image) => ({
      type: 'image',
      source: { type: 'base64', media_type: image.mediaType, data: image.data },
    }),
    toolUse: (call, id) => ({
      type: 'tool_use',
      id,
      name: call.name,
      input: toolInputObject(call.input),
    }),
    toolResult: (call, id) => ({
      type: 'tool_result',
      tool_use_id: id,
      content: toolResultText(call),
      ...(isErrorResult(call) ? { is_error: true } : {}),
    }),
  });
}

/** The streaming Messages request for a neutral request. */
export function toAnthropicRequest(
  model: string,
  request: ProviderRequest,
): MessageCreateParamsStreaming {
  const tools: Tool[] = request.tools.map((spec) => ({
    name: spec.name,
    description: spec.description,
    input_schema: { type: 'object', ...spec.parameters } as Tool['input_schema'],
  }));
  return {
    model,
    max_tokens: request.maxOutputTokens ?? defaultMaxTokens(model),
    ...(request.system.trim() ? { system: request.system } : {}),
    messages: toAnthropicMessages(request.messages),
    ...(tools.length > 0 ? { tools } : {}),
    stream: true,
  };
}
