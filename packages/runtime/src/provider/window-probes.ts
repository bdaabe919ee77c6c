import { isProbeableBaseUrl, probeContextWindow, type ResolvedProvider } from '@agent/llm';

/** The providers that talk to OpenAI-compatible servers, the local ones among them. */
const OPENAI_COMPATIBLE = new Set(['openai-chat', 'text']);

/**
 * The session's questions to local servers about their context windows: asked once per
 * provider, endpoint and model (an answer, or its absence, is kept for the session), and only of
 * an OpenAI-compatible endpoint that is not a hosted API.
 */
export class WindowProbes {
  private readonly asked = new Map<string, Promise<number | undefined>>();

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** The server's answer for `resolved`, or undefined when it is not one to ask. */
  ask(resolved: ResolvedProvider): Promise<number | undefined> | undefined {
    if (!OPENAI_COMPATIBLE.has(resolved.id)) return undefined;
    const baseUrl = resolved.options.baseUrl ?? this.env.OPENAI_BASE_URL?.trim();
    if (!isProbeableBaseUrl(baseUrl)) return undefined;
    const { model } = resolved.options;
    const key = `${resolved.id}\n${baseUrl}\n${model}`;
    let answer = this.asked.get(key);
    if (!answer) {
      const apiKey = resolved.options.apiKey ?? this.env.OPENAI_API_KEY?.trim();
      answer = probeContextWindow({ baseUrl, model, ...(apiKey ? { apiKey } : {}) }).catch(
        () => undefined,
      );
      this.asked.set(key, answer);
    }
    return answer;
  }
}
