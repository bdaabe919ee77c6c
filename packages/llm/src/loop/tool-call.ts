import {
  validateToolArguments,
  validateToolInput,
  type Tool,
  type ToolRegistry,
  type ValidationOutcome,
} from '@agent/tools';
import type { ToolActivity } from '../messages';
import { INPUT_FIELD_LIMIT, boundString } from '../history/bounds';
import { memoryInput } from '../history/memory';
import type { RawToolCall } from './collect-turn';

/** Where a call is on its way from the model's response to its result. */
export type CallState = 'validating' | 'awaiting_person' | 'running' | 'settled';

/**
 * One tool call, parsed and validated once, at the loop boundary. The loop decides and runs it
 * from this record; `activity` is what turn memory, the session file and the front ends keep.
 */
export interface ToolCall {
  readonly tool: Tool | undefined;
  /** The input the tool is given, or why there is none (unknown tool, invalid arguments). */
  readonly validation: ValidationOutcome<unknown>;
  /** One line for status lines and cards: the tool's `describe` of a valid input, else its name. */
  readonly title: string;
  state: CallState;
  readonly activity: ToolActivity;
}

/** A call the model just made: its exact arguments parsed and validated, once. */
export function prepareCall(raw: RawToolCall, registry: ToolRegistry): ToolCall {
  const tool = registry.get(raw.name);
  const parsed = parseArguments(raw.arguments);
  let validation: ValidationOutcome<unknown>;
  if (!tool) validation = unknownTool(raw, registry);
  else if (!parsed.ok) validation = validateToolArguments(tool, raw.arguments);
  else validation = validateToolInput(tool, parsed.value);
  const activity: ToolActivity = {
    id: raw.id,
    name: raw.name,
    input: parsed.ok ? memoryInput(tool, parsed.value, validation.ok) : boundString(raw.arguments),
    status: 'pending',
    summary: '',
  };
  // The model's own text goes back to it in later requests, unless memory had to shorten it.
  if (tool?.retainsOutput ? validation.ok : raw.arguments.length <= INPUT_FIELD_LIMIT) {
    activity.arguments = raw.arguments;
  }
  return record(tool, validation, activity);
}

/**
 * A call remembered from an earlier run (a session resumed mid-call): its kept input validated,
 * once, as the input it will run with.
 */
export function rememberedCall(activity: ToolActivity, registry: ToolRegistry): ToolCall {
  const tool = registry.get(activity.name);
  const validation = tool
    ? validateToolInput(tool, activity.input)
    : unknownTool(activity, registry);
  return record(tool, validation, activity);
}

function record(
  tool: Tool | undefined,
  validation: ValidationOutcome<unknown>,
  activity: ToolActivity,
): ToolCall {
  const title = validation.ok ? describeCall(tool, activity.name, validation.input) : activity.name;
  return { tool, validation, title, state: 'validating', activity };
}

/** The model's argument text as JSON (empty text is `{}`). */
function parseArguments(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text.trim() === '' ? '{}' : text) };
  } catch {
    return { ok: false };
  }
}

function unknownTool(call: { name: string }, registry: ToolRegistry): ValidationOutcome<unknown> {
  const names = registry.names();
  const why = registry.unavailable(call.name);
  if (why !== undefined) {
    return { ok: false, error: `The tool "${call.name}" is not offered: ${why}.` };
  }
  return {
    ok: false,
    error: `Unknown tool "${call.name}". Available tools: ${names.length ? names.join(', ') : '(none)'}.`,
  };
}

/** A one-line description of a call from the tool's `describe`, never throwing. */
export function describeCall(tool: Tool | undefined, name: string, input: unknown): string {
  if (!tool?.describe) return name;
  try {
    const text = tool.describe(input);
    return text && text.trim() ? text.trim() : name;
  } catch {
    return name;
  }
}
