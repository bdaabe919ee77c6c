import { stripTerminalControls } from '@agent/llm/text';

/**
 * Model and tool text is data: terminal control sequences, C0/C1 controls and bidi overrides
 * are removed by @agent/llm's stripTerminalControls (newlines kept, CR and tabs made harmless).
 * Text that must be shown exactly (a command to approve) goes through visible.ts instead.
 */
export function sanitize(text: string): string {
  return stripTerminalControls(text);
}

/** One line of model text: control sequences removed, newlines (with the spaces around) flattened. */
export function sanitizeOneLine(text: string): string {
  return sanitize(text).replace(/\s*\n\s*/g, ' ');
}
