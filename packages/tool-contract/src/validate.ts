import type { z } from 'zod/v4';
import type { Tool } from './tool';

export type ValidationOutcome<I> = { ok: true; input: I } | { ok: false; error: string };

/**
 * Parses the model's raw argument text and validates it against the tool's schema. Every
 * problem becomes one message naming each bad field, so the model can correct its call.
 */
export function validateToolArguments<I>(
  tool: Tool<I>,
  rawArguments: string,
): ValidationOutcome<I> {
  let parsed: unknown;
  const text = rawArguments.trim() === '' ? '{}' : rawArguments;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: `Invalid arguments for ${tool.name}: not valid JSON (${reason}). Send a single JSON object matching the tool's schema.`,
    };
  }
  return validateToolInput(tool, parsed);
}

/** Validates an already-parsed input value against the tool's schema. */
export function validateToolInput<I>(tool: Tool<I>, value: unknown): ValidationOutcome<I> {
  const result = tool.inputSchema.safeParse(value);
  if (result.success) return { ok: true, input: result.data };
  return {
    ok: false,
    error: `Invalid arguments for ${tool.name}: ${formatIssues(result.error.issues)}`,
  };
}

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join('; ');
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(input)';
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}
