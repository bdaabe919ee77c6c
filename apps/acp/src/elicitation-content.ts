import type { CreateElicitationResponse } from './schema';

/** The values of an accepted elicitation reply by field; empty when it carries none. */
export function acceptedContent(response: CreateElicitationResponse): Record<string, unknown> {
  const content = 'content' in response ? (response.content as unknown) : undefined;
  return typeof content === 'object' && content !== null && !Array.isArray(content)
    ? (content as Record<string, unknown>)
    : {};
}
