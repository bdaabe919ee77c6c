import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { Provider, ProviderOptions, ProviderRequest, StreamEvent } from '../../provider';
import { guardReader } from '../shared';
import { openAIConnection } from '../shared/openai-client';
import { toChatMessages, toChatTools } from './chat-messages';
import { ChatChunkReader } from './chat-stream';

/** OpenAI Chat Completions with native tools; also any OpenAI-compatible server (`baseUrl`). */
export function create(options: ProviderOptions): Provider {
  const connection = openAIConnection(options);
  return {
    id: 'openai-chat',
    model: options.model,
    stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
      return guardReader(
        signal,
        async (state) => {
          const client = connection.client;
          if (!client) return { type: 'end', stopReason: 'error', error: connection.missingKey() };
          const params: ChatCompletionCreateParamsStreaming = {
            model: options.model,
            messages: toChatMessages(request.system, request.messages),
            stream: true,
            stream_options: { include_usage: true },
          };
          if (request.tools.length > 0) params.tools = toChatTools(request.tools);
          if (request.maxOutputTokens) params.max_completion_tokens = request.maxOutputTokens;
          const chunks = await client.chat.completions.create(params, { signal });
          state.streaming = true;
          return { source: chunks, reader: new ChatChunkReader() };
        },
        connection.classify,
      );
    },
  };
}
