import type { z } from 'zod/v4';
import { SESSION_SCHEMA_VERSION, type SessionEvent } from '../schema';
import { UPGRADES, type RawEvent } from './upgrades';
import {
  isWireEventType,
  READ_FORGIVEN,
  WIRE_EVENT_SCHEMAS,
  type WireEventType,
} from './wire-schemas';

export type MigrateResult =
  | {
      ok: true;
      event: SessionEvent;
      /** Written by a newer version: read as the current one, unknown fields kept. */
      newer: boolean;
    }
  | { ok: false; reason: string };

/**
 * Each event's wire schema, loose at the top level (fields of a newer version are kept), with the
 * fields a reader forgives (`READ_FORGIVEN`).
 */
const READ_SCHEMAS = new Map<string, z.ZodType>(
  Object.entries(WIRE_EVENT_SCHEMAS).map(([type, schema]) => {
    const forgiven = READ_FORGIVEN[type as WireEventType] ?? {};
    return [type, (schema as z.ZodObject).extend(forgiven).loose()];
  }),
);

/**
 * A parsed line as an event of the current schema: upgraded version by version (`UPGRADES`),
 * checked against its wire schema, then read as the in-memory event (the wire form of every
 * current event is its in-memory form). A line that cannot be used gets a short reason (the
 * first problem's path and message), never a throw.
 */
export function decodeEvent(
  raw: unknown,
  upgrades = UPGRADES,
  current = SESSION_SCHEMA_VERSION,
): MigrateResult {
  if (!isObject(raw)) return { ok: false, reason: 'not a JSON object' };
  const v = raw.v;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    return { ok: false, reason: 'missing or invalid schema version "v"' };
  }
  let event: RawEvent = raw;
  for (let version = v; version < current; version++) {
    const upgrade = upgrades.get(version);
    if (!upgrade) return { ok: false, reason: `no upgrade from schema version ${version}` };
    event = { ...upgrade(event), v: version + 1 };
  }
  if (typeof event.type !== 'string') return { ok: false, reason: 'missing event "type"' };
  if (!isWireEventType(event.type)) {
    return { ok: false, reason: `unknown event type ${JSON.stringify(event.type)}` };
  }
  const parsed = READ_SCHEMAS.get(event.type)!.safeParse(event);
  if (!parsed.success) return { ok: false, reason: `${event.type}: ${issueText(parsed.error)}` };
  const decoded = parsed.data as SessionEvent;
  const problem = inconsistency(decoded);
  if (problem) return { ok: false, reason: `${event.type}: ${problem}` };
  return { ok: true, event: decoded, newer: v > current };
}

/** The first issue, short: `"message.toolCalls.0.summary": expected string, received number`. */
function issueText(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const where = issue.path.map(String).join('.');
  const message = issue.message.replace(/^Invalid input: /, '');
  const text = message.length > 120 ? `${message.slice(0, 119)}…` : message;
  return where ? `"${where}": ${text}` : text;
}

/** What one field's schema cannot say: fields that depend on each other. */
function inconsistency(event: SessionEvent): string | undefined {
  switch (event.type) {
    case 'questionnaire_progress':
      return event.custom.length === event.answers.length
        ? undefined
        : `${event.answers.length} answers but ${event.custom.length} "custom" flags`;
    case 'subagent_task':
      if (event.done === true) return undefined;
      if (!event.task) return 'missing "task"';
      return event.task.taskId === event.taskId ? undefined : 'task.taskId differs from taskId';
    case 'elicitation':
      if (event.mode === 'url') return event.url === undefined ? '"url": missing' : undefined;
      return event.fields === undefined ? '"fields": missing' : undefined;
    default:
      return undefined;
  }
}

function isObject(value: unknown): value is RawEvent {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
