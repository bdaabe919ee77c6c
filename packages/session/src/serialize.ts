import { encodeEvent } from './codec/encode-event';
import { boundedJson, MAX_SESSION_LINE_CHARS } from './line-limits';
import { recordedTokens } from './recorded-tokens';
import { redactDeep } from './redact';
import type { SessionEvent } from './schema';

/**
 * The JSON line written for `event` (no trailing newline): its wire form (`encodeEvent`: only
 * the fields the session format names, so raw tool outputs never reach the file), every string
 * redacted of secrets, at most `MAX_SESSION_LINE_CHARS` long (the longest strings cut with a
 * marker), and with the o200k tokens it adds to a request when the tokenizer is loaded
 * (`recordedTokens`; not on a line whose strings were cut). Throws when the event cannot be
 * made to fit, or is not one the format can hold.
 */
export function toSessionLine(
  event: SessionEvent,
  callName: (id: string) => string | undefined = () => undefined,
): string {
  const saved = redactDeep(encodeEvent(event)) as unknown as SessionEvent;
  const o200k = recordedTokens(saved, callName);
  if (o200k !== undefined) {
    const json = JSON.stringify({ ...saved, o200k });
    if (json.length <= MAX_SESSION_LINE_CHARS) return json;
  }
  const line = boundedJson(saved);
  if (line === undefined) {
    throw new Error(
      `a ${event.type} event too large for one session line (${MAX_SESSION_LINE_CHARS / (1024 * 1024)} MiB) was not saved`,
    );
  }
  return line;
}
