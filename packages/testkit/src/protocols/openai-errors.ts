/** The JSON error body OpenAI's APIs send for an HTTP status, with the real type and code. */
export function openAIErrorBody(status: number, message: string): string {
  const shape: Record<number, { type: string; code: string | null; prefix: string }> = {
    400: { type: 'invalid_request_error', code: null, prefix: '' },
    401: {
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      prefix: 'Incorrect API key provided: sk-fake. ',
    },
    403: {
      type: 'invalid_request_error',
      code: 'unsupported_country_region_territory',
      prefix: '',
    },
    404: { type: 'invalid_request_error', code: 'unknown_url', prefix: '' },
    429: {
      type: 'requests',
      code: 'rate_limit_exceeded',
      prefix: 'Rate limit reached for requests. ',
    },
  };
  const known = shape[status] ?? {
    type: 'server_error',
    code: null,
    prefix: 'The server had an error while processing your request. ',
  };
  return JSON.stringify({
    error: {
      message: `${known.prefix}${message}`,
      type: known.type,
      param: null,
      code: known.code,
    },
  });
}

export function usageOf(
  usage: { inputTokens: number; outputTokens: number; cachedTokens?: number } | undefined,
): {
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
} {
  return {
    inputTokens: usage?.inputTokens ?? 12,
    outputTokens: usage?.outputTokens ?? 7,
    cachedTokens: usage?.cachedTokens ?? 0,
  };
}
