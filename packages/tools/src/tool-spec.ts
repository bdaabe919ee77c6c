import { z } from 'zod';
import type { Tool } from './tool';

/** A tool as advertised to a provider: name, description and JSON Schema of its input. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export function toolSpec(tool: Tool): ToolSpec {
  const schema = z.toJSONSchema(tool.inputSchema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  delete schema.$schema;
  return { name: tool.name, description: tool.description, parameters: schema };
}
