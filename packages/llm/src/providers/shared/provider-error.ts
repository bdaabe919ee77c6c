import type { ProviderError, ProviderErrorKind } from '../../provider';

/** What an adapter knows that makes an error message actionable. */
export interface ErrorContext {
  /** The variable that holds the credential, named in auth messages (e.g. OPENAI_API_KEY). */
  credentialVariable: string;
  /** The endpoint in use, named in network messages. */
  baseUrl?: string;
  /** The variable that overrides the endpoint (e.g. OPENAI_BASE_URL). */
  baseUrlVariable?: string;
  /** True once the response stream has begun: a dropped connection then is a cut stream. */
  streaming?: boolean;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The codes of a connection the other side closed (not one that was never made). */
const DROPPED_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

const AUTH_NAMES = new Set([
  'AuthenticationError',
  'PermissionDeniedError',
  'UnrecognizedClientException',
  'AccessDeniedException',
  'ExpiredTokenException',
  'InvalidSignatureException',
  'CredentialsProviderError',
]);

const RATE_NAMES = new Set(['RateLimitError', 'ThrottlingException', 'TooManyRequestsException']);

const SERVER_NAMES = new Set([
  'InternalServerError',
  'InternalServerException',
  'ServiceUnavailableException',
  'ModelNotReadyException',
  'OverloadedError',
]);

const STATUS_TEXT: Record<string, number> = {
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  INVALID_ARGUMENT: 400,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/**
 * Turns anything an SDK throws into a ProviderError whose message tells the person what to do.
 * Works on the error shapes of the openai, Anthropic, AWS and Genkit SDKs without importing them.
 */
export function classifyError(error: unknown, context: ErrorContext): ProviderError {
  const status = httpStatus(error);
  const detail = describe(error).replace(new RegExp(`^${status ?? 'none'}\\s+`), '');
  const name = errorName(error);
  const kind = errorKind(error, status, name, context);
  const classified: ProviderError = {
    kind,
    message: messageFor(kind, detail, status, error, context),
    status,
  };
  const retryAfterMs = retryAfterOf(error);
  if (retryAfterMs !== undefined) classified.retryAfterMs = retryAfterMs;
  if (kind === 'network' && DROPPED_CODES.has(networkCode(error) ?? '')) {
    classified.connectionDropped = true;
  }
  return classified;
}

/**
 * The wait a rate limit or server error asked for, from the `retry-after-ms` or `Retry-After`
 * header (seconds or an HTTP date) of the SDKs' errors (`headers`, AWS `$response.headers`).
 */
export function retryAfterOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { headers?: unknown; $response?: { headers?: unknown } };
  const header = (name: string): string | undefined => {
    for (const headers of [e.headers, e.$response?.headers]) {
      if (!headers || typeof headers !== 'object') continue;
      const value =
        typeof (headers as Headers).get === 'function'
          ? (headers as Headers).get(name)
          : (headers as Record<string, unknown>)[name];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
    return undefined;
  };
  const ms = header('retry-after-ms');
  if (ms !== undefined && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = header('retry-after');
  if (after === undefined) return undefined;
  if (/^\d+(\.\d+)?$/.test(after)) return Number(after) * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The ending for a stream that stopped before the model finished its turn. */
export function streamCutError(detail: string): ProviderError {
  return {
    kind: 'stream_cut',
    message: `the response stream was cut mid-turn (${detail}); unfinished tool calls were dropped, retry the turn`,
  };
}

/** True for the abort errors of fetch, undici and the SDKs. */
export function isAbortError(error: unknown): boolean {
  const name = errorName(error);
  return name === 'AbortError' || name === 'APIUserAbortError' || errorCode(error) === 'ABORT_ERR';
}

function errorKind(
  error: unknown,
  status: number | undefined,
  name: string,
  context: ErrorContext,
): ProviderErrorKind {
  if (status === 401 || status === 403 || AUTH_NAMES.has(name)) return 'auth';
  if (status === 429 || RATE_NAMES.has(name)) return 'rate_limit';
  if ((status !== undefined && status >= 500) || SERVER_NAMES.has(name)) return 'server';
  const code = networkCode(error);
  const connectionLost =
    code !== undefined ||
    name === 'APIConnectionError' ||
    name === 'APIConnectionTimeoutError' ||
    /terminated|socket hang up|other side closed|premature close|truncated/i.test(describe(error));
  if (connectionLost) return context.streaming ? 'stream_cut' : 'network';
  if (status !== undefined && status >= 400) return 'bad_request';
  const type = bodyType(error);
  if (type && /rate_limit/.test(type)) return 'rate_limit';
  if (type && /server_error|overloaded|api_error/.test(type)) return 'server';
  if (type && /auth|permission/.test(type)) return 'auth';
  if (type && /invalid_request/.test(type)) return 'bad_request';
  return 'other';
}

function messageFor(
  kind: ProviderErrorKind,
  detail: string,
  status: number | undefined,
  error: unknown,
  context: ErrorContext,
): string {
  const where = context.baseUrl ? ` at ${context.baseUrl}` : '';
  const statusText = status !== undefined ? `${status}: ` : '';
  switch (kind) {
    case 'auth':
      return `${context.credentialVariable} is missing or invalid: set it or choose another provider with the \`provider\` option (${statusText}${detail})`;
    case 'rate_limit':
      return `rate limited by the provider${where} (${statusText}${detail}); wait and retry`;
    case 'server':
      return `the provider${where} failed (${statusText}${detail}); retry later`;
    case 'network': {
      const code = networkCode(error) ?? 'connection failed';
      const override = context.baseUrlVariable
        ? `check the \`baseUrl\` option or ${context.baseUrlVariable}`
        : 'check the `baseUrl` option';
      return `cannot reach ${context.baseUrl ?? 'the provider'} (${code}): ${override}`;
    }
    case 'stream_cut':
      return streamCutError(detail).message;
    case 'bad_request':
      return `the provider${where} rejected the request (${statusText}${detail})`;
    default:
      return detail;
  }
}

function httpStatus(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as Record<string, any>;
  if (typeof e.status === 'number') return e.status;
  if (typeof e.statusCode === 'number') return e.statusCode;
  if (typeof e.$metadata?.httpStatusCode === 'number' && e.$metadata.httpStatusCode >= 400) {
    return e.$metadata.httpStatusCode;
  }
  if (typeof e.status === 'string' && STATUS_TEXT[e.status]) return STATUS_TEXT[e.status];
  return undefined;
}

function errorName(error: unknown): string {
  if (!error || typeof error !== 'object') return '';
  const e = error as { name?: unknown; constructor?: { name?: string } };
  const ctor = e.constructor?.name;
  if (ctor && ctor !== 'Error' && ctor !== 'Object') return ctor;
  return typeof e.name === 'string' ? e.name : '';
}

function errorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const code = errorCode(current);
    if (code && NETWORK_CODES.has(code)) return code;
    const nested = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(nested)) {
      for (const inner of nested) {
        const innerCode = errorCode(inner);
        if (innerCode && NETWORK_CODES.has(innerCode)) return innerCode;
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function bodyType(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as Record<string, any>;
  const type = e.type ?? e.error?.type ?? e.code ?? e.error?.code;
  return typeof type === 'string' ? type : undefined;
}

function describe(error: unknown): string {
  let text: string;
  if (error instanceof Error) text = error.message || error.name;
  else if (typeof error === 'string') text = error;
  else {
    try {
      text = JSON.stringify(error) ?? String(error);
    } catch {
      text = String(error);
    }
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  if (cause && !text.includes(cause)) text = `${text}: ${cause}`;
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 297)}...` : oneLine;
}
