import {
  boundText,
  formatBytes,
  SHELL_OUTPUT_HEAD_BYTES,
  SHELL_OUTPUT_TAIL_BYTES,
  type ToolResult,
} from '@agent/tools';

/** The parts of an MCP `CallToolResult` this client reads; anything else is ignored. */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/**
 * An MCP tool result as the model reads it. Text stays text; images and audio become a note
 * with their type and size (the tool result contract carries text only); resource links and
 * embedded resources are described with their URI (embedded text is included); structured
 * content is added as JSON unless a text block already holds the same value. The whole is
 * bounded like command output: its first and last 15 KB.
 */
export function toToolResult(result: McpCallResult, label: string): ToolResult {
  const parts: string[] = [];
  const counts = new Map<string, number>();
  const texts: string[] = [];
  for (const block of Array.isArray(result.content) ? result.content : []) {
    if (!isObject(block)) continue;
    const kind = typeof block.type === 'string' ? block.type : 'unknown';
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const text = describeBlock(block);
    if (kind === 'text') texts.push(text);
    parts.push(text);
  }
  if (
    result.structuredContent !== undefined &&
    !texts.some((text) => sameJson(text, result.structuredContent))
  ) {
    parts.push(`Structured content:\n${JSON.stringify(result.structuredContent, null, 2)}`);
    counts.set('structured', 1);
  }
  const output = parts.length > 0 ? parts.join('\n') : '(no content)';
  const what = [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'nothing';
  return {
    output: boundText(output, SHELL_OUTPUT_HEAD_BYTES, SHELL_OUTPUT_TAIL_BYTES),
    ...(result.isError ? { isError: true } : {}),
    summary: `${label} ${result.isError ? 'failed' : 'returned'} ${what}`,
  };
}

function describeBlock(block: Record<string, unknown>): string {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '';
    case 'image':
    case 'audio':
      return `[${block.type}: ${str(block.mimeType) ?? 'unknown type'}, ${formatBytes(base64Bytes(block.data))}]`;
    case 'resource_link': {
      const name = str(block.title) ?? str(block.name) ?? 'resource';
      const extras = [
        str(block.mimeType),
        typeof block.size === 'number' ? formatBytes(block.size) : undefined,
      ]
        .filter(Boolean)
        .join(', ');
      const description = str(block.description);
      return `[resource link: ${name} <${str(block.uri) ?? '?'}>${extras ? ` (${extras})` : ''}]${description ? ` ${description}` : ''}`;
    }
    case 'resource': {
      const resource = isObject(block.resource) ? block.resource : {};
      const uri = str(resource.uri) ?? '?';
      if (typeof resource.text === 'string') return `[resource <${uri}>]\n${resource.text}`;
      return `[resource <${uri}>: ${str(resource.mimeType) ?? 'binary'}, ${formatBytes(base64Bytes(resource.blob))}]`;
    }
    default:
      return `[${String(block.type)} content]`;
  }
}

/** Decoded size of base64 text without decoding it. */
function base64Bytes(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
