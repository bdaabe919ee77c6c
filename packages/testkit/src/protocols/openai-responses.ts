import { contentParts, dataUrlImage, UNDECODABLE } from './wire-images';
import { startFakeServer, type FakeServer, type WireProtocol } from '../fake-server';
import {
  argumentsText,
  splitIntoFragments,
  textChunks,
  type RecordedRequest,
  type ScriptedTurn,
} from '../script';
import { openAIErrorBody, usageOf } from './openai-errors';
import { openAIModelsBody } from './openai-models';

/**
 * OpenAI Responses streaming (`POST /v1/responses`): SSE with `event:` lines. A message item
 * with output_text deltas, then one function_call item per call with argument deltas, then
 * `response.completed` (or `response.incomplete` for a length stop) carrying the whole output.
 */
export const openAIResponsesProtocol: WireProtocol = {
  /** `{type:'input_image', image_url:'data:...'}` parts of input messages. */
  images: (body) =>
    contentParts(body.input)
      .filter((part) => part.type === 'input_image')
      .map((part) => dataUrlImage(part.image_url) ?? UNDECODABLE),
  modelsBody: openAIModelsBody,
  handles: (method, path) => method === 'POST' && path.split('?')[0] === '/v1/responses',
  contentType: 'text/event-stream',
  errorBody: openAIErrorBody,
  encode(turn: ScriptedTurn, request: RecordedRequest, turnIndex: number): string[] {
    let sequence = 0;
    const events: string[] = [];
    const emit = (type: string, data: Record<string, unknown>) =>
      events.push(
        `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`,
      );
    const model = typeof request.body?.model === 'string' ? request.body.model : 'fake-model';
    const response = {
      id: `resp_fake${turnIndex}`,
      object: 'response',
      created_at: 1_700_000_000 + turnIndex,
      status: 'in_progress',
      model,
      output: [] as unknown[],
      parallel_tool_calls: true,
      tool_choice: 'auto',
      tools: [],
    };
    emit('response.created', { response });
    emit('response.in_progress', { response });

    const output: Record<string, unknown>[] = [];
    const chunks = textChunks(turn.text);
    if (chunks.length > 0) {
      const itemId = `msg_fake${turnIndex}`;
      const outputIndex = output.length;
      const text = chunks.join('');
      emit('response.output_item.added', {
        output_index: outputIndex,
        item: {
          id: itemId,
          type: 'message',
          status: 'in_progress',
          role: 'assistant',
          content: [],
        },
      });
      const where = { item_id: itemId, output_index: outputIndex, content_index: 0 };
      emit('response.content_part.added', {
        ...where,
        part: { type: 'output_text', text: '', annotations: [] },
      });
      for (const delta of chunks)
        emit('response.output_text.delta', { ...where, delta, logprobs: [] });
      emit('response.output_text.done', { ...where, text, logprobs: [] });
      const part = { type: 'output_text', text, annotations: [] };
      emit('response.content_part.done', { ...where, part });
      const item = {
        id: itemId,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [part],
      };
      emit('response.output_item.done', { output_index: outputIndex, item });
      output.push(item);
    }
    (turn.toolCalls ?? []).forEach((call, index) => {
      const itemId = `fc_fake${turnIndex}_${index}`;
      const callId = call.id ?? `call_${turnIndex}_${index}`;
      const outputIndex = output.length;
      const args = argumentsText(call);
      const base = { id: itemId, type: 'function_call', call_id: callId, name: call.name };
      emit('response.output_item.added', {
        output_index: outputIndex,
        item: { ...base, status: 'in_progress', arguments: '' },
      });
      for (const delta of splitIntoFragments(args, turn.argumentFragments ?? 4)) {
        emit('response.function_call_arguments.delta', {
          item_id: itemId,
          output_index: outputIndex,
          delta,
        });
      }
      emit('response.function_call_arguments.done', {
        item_id: itemId,
        output_index: outputIndex,
        arguments: args,
      });
      const item = { ...base, status: 'completed', arguments: args };
      emit('response.output_item.done', { output_index: outputIndex, item });
      output.push(item);
    });

    const usage = usageOf(turn.usage);
    const incomplete = turn.stopReason === 'length';
    emit(incomplete ? 'response.incomplete' : 'response.completed', {
      response: {
        ...response,
        status: incomplete ? 'incomplete' : 'completed',
        incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
        output,
        usage: {
          input_tokens: usage.inputTokens,
          input_tokens_details: { cached_tokens: usage.cachedTokens },
          output_tokens: usage.outputTokens,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: usage.inputTokens + usage.outputTokens,
        },
      },
    });
    return events;
  },
};

/** A loopback Responses server; point the SDK at `${server.url}/v1`. */
export function startOpenAIResponsesServer(script: ScriptedTurn[]): Promise<FakeServer> {
  return startFakeServer(openAIResponsesProtocol, script);
}
