import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { Provider, ProviderOptions } from '../../provider';
import { openAIProvider } from '../shared/openai-client';
import { toChatMessages, toChatTools } from './chat-messages';
import { ChatChunkReader } from './chat-stream';

/** OpenAI Chat Completions with native tools; also any OpenAI-compatible server (`baseUrl`). */
export function create(options: ProviderOptions): Provider {
  return openAIProvider('openai-chat', options, async (client, request, signal) => {
    const params: ChatCompletionCreateParamsStreaming = {
      model: options.model,
      messages: toChatMessages(request.system, request.messages),
      stream: true,
      stream_options: { include_usage: true },
    };
    if (request.tools.length > 0) params.tools = toChatTools(request.tools);
    if (request.maxOutputTokens) params.max_completion_tokens = request.maxOutputTokens;
    const chunks = await client.chat.completions.create(params, { signal });
    return { source: chunks, reader: new ChatChunkReader() };
  });
}
