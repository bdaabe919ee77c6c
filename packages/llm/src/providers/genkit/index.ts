import type { ToolSpec } from '@agent/tools';
// Types only: the modules themselves load through ./load-genkit.
import type { Genkit, GenerateResponseChunk } from 'genkit';
import type { Usage } from '../../messages';
import type { Provider, ProviderOptions, StopReason, StreamEvent } from '../../provider';
import { generateCallId, guardedProvider, type EndEvent } from '../shared';
import { optionEnv } from '../shared/sdk-options';
import { sleep } from '../../loop/abortable';
import { classifyGenkitError, CREDENTIAL, isRetryable, retryDelayMs } from './genkit-errors';
import { toGenkitMessages } from './genkit-request';
import { core, logging, plugin } from './load-genkit';

const { genkit, tool } = core;
const { googleAI } = plugin;
const { logger } = logging;

const instances = new Map<string, Genkit>();

/** One Genkit instance per key and endpoint, created on first use. */
function instanceFor(apiKey: string, baseUrl: string | undefined): Genkit {
  const key = `${apiKey}\u0000${baseUrl ?? ''}`;
  let ai = instances.get(key);
  if (!ai) {
    silenceGenkitLogs();
    ai = genkit({ plugins: [googleAI({ apiKey, ...(baseUrl ? { baseUrl } : {}) })] });
    instances.set(key, ai);
  }
  return ai;
}

/**
 * Genkit logs every failed call with its stack to the console, which would paint over the
 * terminal UI; failures reach the person through the stream's end event instead.
 */
function silenceGenkitLogs(): void {
  const quiet = () => undefined;
  logger.init({ level: 'error', debug: quiet, info: quiet, warn: quiet, error: quiet });
}

/** Declared from JSON Schema; Genkit never runs them (`returnToolRequests`). */
function genkitTools(specs: ToolSpec[]) {
  return specs.map((spec) =>
    tool(
      { name: spec.name, description: spec.description, inputJsonSchema: spec.parameters as any },
      async () => {
        throw new Error(`${spec.name} is run by the agent's tool loop, not by Genkit`);
      },
    ),
  );
}

/** Neutral events for the complete tool requests of one streamed chunk. */
function toolEvents(chunk: GenerateResponseChunk): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const part of chunk.content ?? []) {
    const request = part.toolRequest;
    if (!request || request.partial) continue;
    const id = request.ref || generateCallId();
    const args = JSON.stringify(request.input ?? {});
    events.push(
      { type: 'tool_call_start', id, name: request.name },
      { type: 'tool_call_delta', id, argumentsDelta: args },
      { type: 'tool_call_end', id, name: request.name, arguments: args },
    );
  }
  return events;
}

/**
 * The Genkit adapter (Gemini through `@genkit-ai/google-genai`). Genkit only streams; the agent
 * runs its own tool loop. Key from options or GEMINI_API_KEY / GOOGLE_API_KEY; rate limits and
 * server failures before the first event are retried `maxRetries` times (default 2).
 */
export function create(options: ProviderOptions): Provider {
  const model = options.model.replace(/^googleai\//, '');
  const maxRetries = options.maxRetries ?? 2;

  return guardedProvider(
    'genkit',
    options.model,
    async function* (state, request, signal) {
      const apiKey =
        options.apiKey ??
        optionEnv(options, 'GEMINI_API_KEY') ??
        optionEnv(options, 'GOOGLE_API_KEY') ??
        optionEnv(options, 'GOOGLE_GENAI_API_KEY') ??
        '';
      if (!apiKey) return missingKey();
      const ai = instanceFor(apiKey, options.baseUrl);
      for (let attempt = 0; ; attempt++) {
        let emitted = false;
        try {
          const { stream, response } = ai.generateStream({
            model: googleAI.model(model),
            ...(request.system.trim() ? { system: request.system } : {}),
            messages: toGenkitMessages(request.messages),
            tools: genkitTools(request.tools),
            returnToolRequests: true,
            abortSignal: signal,
            ...(request.maxOutputTokens
              ? { config: { maxOutputTokens: request.maxOutputTokens } }
              : {}),
          });
          response.catch(() => undefined);
          let calls = 0;
          for await (const chunk of stream) {
            state.streaming = true;
            const text = chunk.text;
            if (text) {
              emitted = true;
              yield { type: 'text_delta', text } satisfies StreamEvent;
            }
            for (const event of toolEvents(chunk)) {
              emitted = true;
              if (event.type === 'tool_call_end') calls++;
              yield event;
            }
          }
          const final = await response;
          if (final.usage)
            yield { type: 'usage', usage: usageOf(final.usage) } satisfies StreamEvent;
          return ending(final.finishReason, final.finishMessage, calls);
        } catch (error) {
          if (emitted || attempt >= maxRetries || signal.aborted || !isRetryable(error))
            throw error;
          state.streaming = false;
          await sleep(retryDelayMs(error, attempt), signal);
        }
      }
    },
    (error, state) => classifyGenkitError(error, state, options.baseUrl),
  );
}

function usageOf(usage: {
  inputTokens?: number;
  outputTokens?: number;
  cachedContentTokens?: number;
}): Usage {
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    ...(usage.cachedContentTokens ? { cachedTokens: usage.cachedContentTokens } : {}),
  };
}

function ending(reason: string | undefined, detail: string | undefined, calls: number): EndEvent {
  if (reason === 'blocked') {
    return {
      type: 'end',
      stopReason: 'error',
      error: {
        kind: 'bad_request',
        message: `the model blocked the response${detail ? `: ${detail}` : ''}`,
      },
    };
  }
  const stopReason: StopReason = calls > 0 ? 'tool_use' : reason === 'length' ? 'length' : 'stop';
  return { type: 'end', stopReason };
}

function missingKey(): EndEvent {
  return {
    type: 'end',
    stopReason: 'error',
    error: {
      kind: 'auth',
      message: `${CREDENTIAL} is not set: export ${CREDENTIAL}=<your key> (or GOOGLE_API_KEY), or choose another provider with the \`provider\` option`,
    },
  };
}
