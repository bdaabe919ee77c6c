import type { ProviderError } from '../../provider';
import { classifyError, streamCutError, type StreamState } from '../shared';

export const CREDENTIAL = 'GEMINI_API_KEY';

const RETRYABLE = new Set(['RESOURCE_EXHAUSTED', 'UNAVAILABLE', 'INTERNAL', 'DEADLINE_EXCEEDED']);

interface GenkitLikeError {
  status?: unknown;
  message?: unknown;
  detail?: { error?: { status?: unknown; details?: Array<{ reason?: unknown }> } };
  responseMetadata?: { retryAfterMs?: unknown };
}

/** The HTTP status the Gemini plugin folds into its message (`[403 Forbidden] ...`). */
function httpStatusOf(error: GenkitLikeError): number | undefined {
  const match =
    typeof error.message === 'string' ? /\[(\d{3})\b[^\]]*\]/.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

function isKeyRejected(error: GenkitLikeError): boolean {
  const message = typeof error.message === 'string' ? error.message : '';
  const reasons = error.detail?.error?.details?.map((d) => d.reason) ?? [];
  return (
    /API key not valid|API_KEY_INVALID|API key expired|pass in the API key/i.test(message) ||
    reasons.includes('API_KEY_INVALID')
  );
}

/** Whether the adapter may retry: a rate limit or server failure before anything streamed. */
export function isRetryable(error: unknown): boolean {
  const e = (error ?? {}) as GenkitLikeError;
  if (typeof e.status === 'string' && RETRYABLE.has(e.status)) return true;
  const status = httpStatusOf(e);
  return status === 429 || (status !== undefined && status >= 500);
}

/** The server's Retry-After when it sent one, else exponential backoff from 500 ms. */
export function retryDelayMs(error: unknown, attempt: number): number {
  const after = (error as GenkitLikeError | undefined)?.responseMetadata?.retryAfterMs;
  if (typeof after === 'number' && after >= 0) return Math.min(after, 60_000);
  return Math.min(500 * 2 ** attempt, 8_000);
}

/** Genkit and Gemini plugin errors as ProviderErrors that say what to do. */
export function classifyGenkitError(
  error: unknown,
  state: StreamState,
  baseUrl: string | undefined,
): ProviderError {
  const e = (error ?? {}) as GenkitLikeError;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const status = httpStatusOf(e);
  if (isKeyRejected(e) || status === 401 || status === 403) {
    return {
      kind: 'auth',
      status,
      message: `${CREDENTIAL} is missing or invalid: set ${CREDENTIAL} (or GOOGLE_API_KEY), or choose another provider with the \`provider\` option (${message})`,
    };
  }
  if (/Error reading from the stream|Failed to parse stream/.test(message)) {
    return streamCutError(message);
  }
  if (/^Failed to fetch from /.test(message)) {
    return {
      kind: 'network',
      message: `cannot reach ${baseUrl ?? 'the Gemini API'} (${message.replace(/^.*: /, '')}): check the \`baseUrl\` option`,
    };
  }
  const plain = Object.assign(new Error(message, { cause: (error as Error)?.cause }), {
    ...(status !== undefined
      ? { status }
      : typeof e.status === 'string'
        ? { status: e.status }
        : {}),
  });
  const classified = classifyError(plain, {
    credentialVariable: CREDENTIAL,
    baseUrl,
    streaming: state.streaming,
  });
  const after = e.responseMetadata?.retryAfterMs;
  if (typeof after === 'number' && after >= 0) classified.retryAfterMs = after;
  return classified;
}
