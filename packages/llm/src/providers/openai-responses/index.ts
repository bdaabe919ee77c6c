import type { ResponseCreateParamsStreaming } from 'openai/resources/responses/responses';
import type { Provider, ProviderOptions, ProviderRequest, StreamEvent } from '../../provider';
import { guardReader } from '../shared';
import { openAIConnection } from '../shared/openai-client';
import { toResponsesInput, toResponsesTools } from './responses-input';
import { ResponsesEventReader } from './responses-stream';

/** OpenAI Responses API (the Codex family), replaying the whole history statelessly each turn. */
export function create(options: ProviderOptions): Provider {
  const connection = openAIConnection(options);
  return {
    id: 'openai-responses',
    model: options.model,
    stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
      return guardReader(
        signal,
        async (state) => {
          const client = connection.client;
          if (!client) return { type: 'end', stopReason: 'error', error: connection.missingKey() };
          const params: ResponseCreateParamsStreaming = {
            model: options.model,
            input: toResponsesInput(request.messages),
            stream: true,
            store: false,
          };
          if (request.system) params.instructions = request.system;
          if (request.tools.length > 0) params.tools = toResponsesTools(request.tools);
          if (request.maxOutputTokens) params.max_output_tokens = request.maxOutputTokens;
          const events = await client.responses.create(params, { signal });
          state.streaming = true;
          return { source: events, reader: new ResponsesEventReader(connection.context) };
        },
        connection.classify,
      );
    },
  };
}
