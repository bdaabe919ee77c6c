/**
 * Asks an OpenAI-compatible local server how large its context window is, where it says:
 * llama.cpp (`GET /props`), vLLM (`GET /v1/models`), LM Studio (`GET /api/v0/models`) and Ollama
 * (`POST /api/show`). Each probe is bounded and abortable; any failure means "unknown".
 */

/** How long one probe request may take before its answer counts as unknown. */
export const PROBE_TIMEOUT_MS = 1500;

/** Hosts whose windows the built-in table knows: never probed. */
const KNOWN_HOSTS = /(^|\.)(openai\.com|anthropic\.com|amazonaws\.com|googleapis\.com)$/i;

export interface WindowProbeInput {
  /** The provider's base URL as configured (`http://127.0.0.1:8080/v1`). */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token, as the OpenAI SDK would (some servers require it). */
  apiKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Whether `baseUrl` names a server worth asking (not one of the hosted APIs). */
export function isProbeableBaseUrl(baseUrl: string | undefined): baseUrl is string {
  if (!baseUrl) return false;
  try {
    const url = new URL(baseUrl);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && !KNOWN_HOSTS.test(url.hostname)
    );
  } catch {
    return false;
  }
}

/** The window the server reports for `model`, or undefined when no probe gets an answer. */
export async function probeContextWindow(input: WindowProbeInput): Promise<number | undefined> {
  const root = serverRoot(input.baseUrl);
  const api = input.baseUrl.replace(/\/+$/, '');
  const probes: Array<() => Promise<number | undefined>> = [
    async () => windowFromLlamaProps(await getJson(`${root}/props`, input)),
    async () => windowFromVllmModels(await getJson(`${api}/models`, input), input.model),
    async () =>
      windowFromLmStudioModels(await getJson(`${root}/api/v0/models`, input), input.model),
    async () =>
      windowFromOllamaShow(await getJson(`${root}/api/show`, input, { model: input.model })),
  ];
  // One after another, so a server answers at most the probes before the one it knows.
  for (const probe of probes) {
    if (input.signal?.aborted) return undefined;
    const window = await probe().catch(() => undefined);
    if (window !== undefined) return window;
  }
  return undefined;
}

/** llama.cpp's `/props`: `default_generation_settings.n_ctx` (newer builds) or `n_ctx`. */
export function windowFromLlamaProps(body: unknown): number | undefined {
  const settings = field(body, 'default_generation_settings');
  return tokens(field(settings, 'n_ctx')) ?? tokens(field(body, 'n_ctx'));
}

/** vLLM's `/v1/models`: `data[].max_model_len` of the model (or the only one listed). */
export function windowFromVllmModels(body: unknown, model: string): number | undefined {
  const entry = listedModel(field(body, 'data'), model);
  return tokens(field(entry, 'max_model_len'));
}

/** LM Studio's `/api/v0/models`: `loaded_context_length` when loaded, else `max_context_length`. */
export function windowFromLmStudioModels(body: unknown, model: string): number | undefined {
  const entry = listedModel(field(body, 'data'), model);
  return (
    tokens(field(entry, 'loaded_context_length')) ?? tokens(field(entry, 'max_context_length'))
  );
}

/**
 * Ollama's `/api/show`: a `num_ctx` in `parameters` (the window the model runs with) wins over
 * `model_info["<arch>.context_length"]` (the window it was trained for).
 */
export function windowFromOllamaShow(body: unknown): number | undefined {
  const parameters = field(body, 'parameters');
  if (typeof parameters === 'string') {
    const match = /^\s*num_ctx\s+(\d+)\s*$/m.exec(parameters);
    const set = match ? tokens(Number(match[1])) : undefined;
    if (set !== undefined) return set;
  }
  const info = field(body, 'model_info');
  if (!info || typeof info !== 'object') return undefined;
  const arch = field(info, 'general.architecture');
  if (typeof arch === 'string') {
    const exact = tokens(field(info, `${arch}.context_length`));
    if (exact !== undefined) return exact;
  }
  for (const [key, value] of Object.entries(info)) {
    if (key.endsWith('.context_length')) return tokens(value);
  }
  return undefined;
}

function listedModel(list: unknown, model: string): unknown {
  if (!Array.isArray(list)) return undefined;
  const named = list.find((entry) => field(entry, 'id') === model);
  return named ?? (list.length === 1 ? list[0] : undefined);
}

function field(value: unknown, name: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}

function tokens(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** The server's root: the base URL without a trailing `/v1` (where `/props` and `/api` live). */
function serverRoot(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

async function getJson(url: string, input: WindowProbeInput, post?: unknown): Promise<unknown> {
  const timeout = AbortSignal.timeout(input.timeoutMs ?? PROBE_TIMEOUT_MS);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input.apiKey) headers.authorization = `Bearer ${input.apiKey}`;
  if (post !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: post === undefined ? 'GET' : 'POST',
    headers,
    signal,
    ...(post === undefined ? {} : { body: JSON.stringify(post) }),
  });
  if (!response.ok) {
    await response.body?.cancel();
    return undefined;
  }
  return (await response.json()) as unknown;
}
