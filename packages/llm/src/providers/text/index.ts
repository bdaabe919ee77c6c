import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { Provider, ProviderOptions, ProviderRequest, StreamEvent } from '../../provider';
import { guardReader } from '../shared';
import { openAIConnection } from '../shared/openai-client';
import { toTextMessages } from './text-messages';
import { TextToolReader } from './text-stream';

/**
 * The `text` transport: Chat Completions without the `tools` parameter, for OpenAI-compatible
 * servers whose models have no native tool calling. Tools are described in the system prompt
 * and called with ```tool blocks, parsed out of the streamed text.
 */
export function create(options: ProviderOptions): Provider {
  const connection = openAIConnection(options);
  return {
    id: 'text',
    model: options.model,
    stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
      return guardReader(
        signal,
        async (state) => {
          const client = connection.client;
          if (!client) return { type: 'end', stopReason: 'error', error: connection.missingKey() };
          const params: ChatCompletionCreateParamsStreaming = {
            model: options.model,
            messages: toTextMessages(request.system, request.tools, request.messages),
            stream: true,
            stream_options: { include_usage: true },
          };
          if (request.maxOutputTokens) params.max_tokens = request.maxOutputTokens;
          const chunks = await client.chat.completions.create(params, { signal });
          state.streaming = true;
          return { source: chunks, reader: new TextToolReader() };
        },
        connection.classify,
      );
    },
  };
}
