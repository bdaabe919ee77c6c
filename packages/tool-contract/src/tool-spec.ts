import { z } from 'zod/v4';
import type { Tool } from './tool';

/** A tool as advertised to a provider: name, description and JSON Schema of its input. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** Derived schemas by zod schema: a tool's schema never changes, and requests list it each turn. */
const derived = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * The JSON Schema providers get for a zod input schema: the input side (what the model sends,
 * before defaults and transforms), without the `$schema` key that some providers reject. Every
 * advertised tool schema comes from here, so the zod schema is the only one written down.
 */
export function inputJsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  let json = derived.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    delete json.$schema;
    derived.set(schema, json);
  }
  return structuredClone(json);
}

/** The spec of `tool`, its JSON Schema derived from its zod input schema (a fresh copy). */
export function toolSpec(tool: Tool): ToolSpec {
  return {
    name: tool.name,
    description: tool.description,
    parameters: inputJsonSchemaOf(tool.inputSchema),
  };
}
