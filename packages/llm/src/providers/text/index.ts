import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { Provider, ProviderOptions } from '../../provider';
import type { EndEvent } from '../shared/guard-stream';
import { openAIProvider } from '../shared/openai-client';
import { carriesImages } from '../shared/user-content';
import { toTextMessages } from './text-messages';
import { TextToolReader } from './text-stream';

/**
 * The `text` transport: Chat Completions without the `tools` parameter, for OpenAI-compatible
 * servers whose models have no native tool calling. Tools are described in the system prompt
 * and called with ```tool blocks, parsed out of the streamed text.
 */
export function create(options: ProviderOptions): Provider {
  return openAIProvider('text', options, async (client, request, signal) => {
    if (carriesImages(request.messages)) return refuseImages(options.model);
    const params: ChatCompletionCreateParamsStreaming = {
      model: options.model,
      messages: toTextMessages(request.system, request.tools, request.messages),
      stream: true,
      stream_options: { include_usage: true },
    };
    if (request.maxOutputTokens) params.max_tokens = request.maxOutputTokens;
    const chunks = await client.chat.completions.create(params, { signal });
    return { source: chunks, reader: new TextToolReader() };
  });
}

/**
 * The text transport writes everything as plain text, so it cannot carry a picture: the request
 * is refused before it is sent, never sent with the image silently left out.
 */
function refuseImages(model: string): EndEvent {
  return {
    type: 'end',
    stopReason: 'error',
    error: {
      kind: 'bad_request',
      message: `this model cannot take images: ${model} runs on the text transport (no native tools, plain-text messages), so the conversation's attached images cannot be sent; use a provider with native tools (openai-chat, anthropic, ...) or start a new session without images`,
    },
  };
}
