import type { ResponseCreateParamsStreaming } from 'openai/resources/responses/responses';
import type { Provider, ProviderOptions } from '../../provider';
import { openAIProvider } from '../shared/openai-client';
import { toResponsesInput, toResponsesTools } from './responses-input';
import { ResponsesEventReader } from './responses-stream';

/** OpenAI Responses API (the Codex family), replaying the whole history statelessly each turn. */
export function create(options: ProviderOptions): Provider {
  return openAIProvider(
    'openai-responses',
    options,
    async (client, request, signal, connection) => {
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
      return { source: events, reader: new ResponsesEventReader(connection.context) };
    },
  );
}
