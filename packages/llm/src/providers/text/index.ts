import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { Provider, ProviderOptions } from '../../provider';
import { openAIProvider } from '../shared/openai-client';
import { toTextMessages } from './text-messages';
import { TextToolReader } from './text-stream';

/**
 * The `text` transport: Chat Completions without the `tools` parameter, for OpenAI-compatible
 * servers whose models have no native tool calling. Tools are described in the system prompt
 * and called with ```tool blocks, parsed out of the streamed text.
 */
export function create(options: ProviderOptions): Provider {
  return openAIProvider('text', options, async (client, request, signal) => {
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
