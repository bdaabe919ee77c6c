import { contentParts, dataUrlImage, UNDECODABLE } from './wire-images';
import {
  startFakeServer,
  type FakeServer,
  type FakeServerOptions,
  type WireProtocol,
} from '../fake-server';
import {
  argumentsText,
  splitIntoFragments,
  textChunks,
  type ScriptedTurn,
  type RecordedRequest,
} from '../script';
import { openAIErrorBody, usageOf } from './openai-errors';
import { openAIModelsBody } from './openai-models';

const FINISH: Record<string, string> = { stop: 'stop', tool_use: 'tool_calls', length: 'length' };

/**
 * OpenAI Chat Completions streaming (`POST /v1/chat/completions`): `data:` chunks with
 * `choices[0].delta`, tool-call deltas addressed by index, a finish chunk, a usage chunk when
 * `stream_options.include_usage` is set, then `data: [DONE]`.
 */
export const openAIChatProtocol: WireProtocol = {
  /** `{type:'image_url', image_url:{url:'data:...'}}` parts of user messages. */
  images: (body) =>
    contentParts(body.messages)
      .filter((part) => part.type === 'image_url')
      .map((part) => dataUrlImage(part.image_url?.url) ?? UNDECODABLE),
  modelsBody: openAIModelsBody,
  handles: (method, path) => method === 'POST' && path.split('?')[0] === '/v1/chat/completions',
  contentType: 'text/event-stream',
  errorBody: openAIErrorBody,
  encode(turn: ScriptedTurn, request: RecordedRequest, turnIndex: number): string[] {
    const id = `chatcmpl-fake${turnIndex}`;
    const model = typeof request.body?.model === 'string' ? request.body.model : 'fake-model';
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created: 1_700_000_000 + turnIndex,
        model,
        system_fingerprint: 'fp_fake',
        choices,
        ...extra,
      })}\n\n`;
    const delta = (d: Record<string, unknown>, finish: string | null = null) =>
      chunk([{ index: 0, delta: d, logprobs: null, finish_reason: finish }]);

    const events = [delta({ role: 'assistant', content: '', refusal: null })];
    for (const text of textChunks(turn.text)) events.push(delta({ content: text }));
    (turn.toolCalls ?? []).forEach((call, index) => {
      const callId = call.id ?? `call_${turnIndex}_${index}`;
      events.push(
        delta({
          tool_calls: [
            { index, id: callId, type: 'function', function: { name: call.name, arguments: '' } },
          ],
        }),
      );
      for (const fragment of splitIntoFragments(argumentsText(call), turn.argumentFragments ?? 4)) {
        events.push(delta({ tool_calls: [{ index, function: { arguments: fragment } }] }));
      }
    });
    const stop = turn.stopReason ?? (turn.toolCalls?.length ? 'tool_use' : 'stop');
    events.push(delta({}, FINISH[stop] ?? 'stop'));
    if (request.body?.stream_options?.include_usage) {
      const usage = usageOf(turn.usage);
      events.push(
        chunk([], {
          usage: {
            prompt_tokens: usage.inputTokens,
            completion_tokens: usage.outputTokens,
            total_tokens: usage.inputTokens + usage.outputTokens,
            prompt_tokens_details: { cached_tokens: usage.cachedTokens, audio_tokens: 0 },
            completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
          },
        }),
      );
    }
    events.push('data: [DONE]\n\n');
    return events;
  },
};

/** A loopback Chat Completions server; point the SDK at `${server.url}/v1`. */
export function startOpenAIChatServer(
  script: ScriptedTurn[],
  options?: FakeServerOptions,
): Promise<FakeServer> {
  return startFakeServer(openAIChatProtocol, script, options);
}
