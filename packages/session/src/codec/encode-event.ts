import type { z } from 'zod/v4';
import type { SessionEvent } from '../schema';
import { WIRE_EVENT_SCHEMAS } from './wire-schemas';

const WRITE_SCHEMAS = new Map<string, z.ZodType>(Object.entries(WIRE_EVENT_SCHEMAS));

/**
 * The wire object written for `event`: only the fields its wire schema names, in the schema's
 * order (`v` and `type` first). What memory adds (a call's raw `output`, the model's argument
 * text, anything unknown) is never written. Throws on an event its schema refuses: the writer
 * reports it as not saved rather than writing a line no reader would load.
 */
export function encodeEvent(event: SessionEvent): Record<string, unknown> {
  const schema = WRITE_SCHEMAS.get(event.type);
  if (!schema) throw new Error(`no wire schema for a ${String(event.type)} event`);
  const parsed = schema.safeParse(event);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(
      `a ${event.type} event the session format cannot hold was not saved ("${issue.path.map(String).join('.')}": ${issue.message})`,
    );
  }
  return parsed.data as Record<string, unknown>;
}
