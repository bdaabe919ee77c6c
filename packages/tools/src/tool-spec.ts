import type { z } from 'zod';
import { loadZod } from './lazy';
import type { Tool } from './tool';

/** A tool as advertised to a provider: name, description and JSON Schema of its input. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** The JSON Schema providers get for a zod input schema (the input side, no `$schema`). */
export function inputJsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = loadZod().z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** The spec of `tool`: its precomputed `inputJsonSchema` (a copy) or one derived from zod. */
export function toolSpec(tool: Tool): ToolSpec {
  const parameters = tool.inputJsonSchema
    ? structuredClone(tool.inputJsonSchema)
    : inputJsonSchemaOf(tool.inputSchema);
  return { name: tool.name, description: tool.description, parameters };
}
