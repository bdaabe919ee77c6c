import type {
  ContentBlock,
  ConverseStreamCommandInput,
  Message as BedrockMessage,
  Tool,
} from '@aws-sdk/client-bedrock-runtime';
import type { ToolSpec } from '@agent/tools';
import { isErrorResult, toolResultText } from '../../history';
import { imageFormat } from '../../images';
import type { Message } from '../../messages';
import type { ProviderRequest } from '../../provider';
import { BLOCK_ROLES, toBlockTurns, toolInputObject } from '../shared';

type DocumentType = NonNullable<NonNullable<ContentBlock.ToolUseMember['toolUse']>['input']>;

/**
 * Prepared neutral history as Converse messages: assistant `[{text}?, {toolUse}...]`, then one
 * user message opening with a `toolResult` for every `toolUse`, in order. Same-role messages are
 * merged, blank text is never sent and no message is empty.
 */
export function toBedrockMessages(messages: Message[]): BedrockMessage[] {
  return toBlockTurns<ContentBlock>(messages, {
    roles: BLOCK_ROLES,
    text: (value) => ({ text: value }),
    image: (image) => ({
      image: {
        format: imageFormat(image.mediaType),
        source: { bytes: Buffer.from(image.data, 'base64') },
      },
    }),
    toolUse: (call, toolUseId) => ({
      toolUse: {
        toolUseId,
        name: call.name,
        input: toolInputObject(call.input) as DocumentType,
      },
    }),
    toolResult: (call, toolUseId) => ({
      toolResult: {
        toolUseId,
        content: [{ text: toolResultText(call) }],
        status: isErrorResult(call) ? 'error' : 'success',
      },
    }),
  });
}

/**
 * Tool specs for `toolConfig`. Converse rejects toolUse/toolResult blocks without a toolConfig,
 * so tools only named in history are declared too (with an open schema) when none are offered.
 */
function toolConfig(tools: ToolSpec[], messages: BedrockMessage[]): Tool[] {
  const declared = tools.map((spec): Tool => ({
    toolSpec: {
      name: spec.name,
      description: spec.description || spec.name,
      inputSchema: { json: { type: 'object', ...spec.parameters } as DocumentType },
    },
  }));
  if (declared.length > 0) return declared;
  const names = new Set<string>();
  for (const message of messages) {
    for (const block of message.content ?? [])
      if (block.toolUse?.name) names.add(block.toolUse.name);
  }
  return [...names].map((name): Tool => ({
    toolSpec: { name, description: name, inputSchema: { json: { type: 'object' } } },
  }));
}

/** The ConverseStream input for a neutral request. */
export function toBedrockRequest(
  model: string,
  request: ProviderRequest,
): ConverseStreamCommandInput {
  const messages = toBedrockMessages(request.messages);
  const tools = toolConfig(request.tools, messages);
  return {
    modelId: model,
    messages,
    ...(request.system.trim() ? { system: [{ text: request.system }] } : {}),
    ...(tools.length > 0 ? { toolConfig: { tools } } : {}),
    ...(request.maxOutputTokens ? { inferenceConfig: { maxTokens: request.maxOutputTokens } } : {}),
  };
}
