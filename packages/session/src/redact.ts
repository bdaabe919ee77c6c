import { REDACTED } from '@agent/tool-contract';
import { MAX_JSON_DEPTH } from './line-limits';
import { heldSecrets } from './redaction/held-secrets';
import { SECRET_PATTERNS } from './redaction/secret-patterns';

export { REDACTED };
export { registerHeldSecret, CREDENTIAL_ENV_VARS } from './redaction/held-secrets';
export { SECRET_PATTERNS, type SecretPattern } from './redaction/secret-patterns';

/** Object keys whose string value is a credential whatever it looks like (`{"password": "x"}`). */
const CREDENTIAL_KEY =
  /^(?:[A-Za-z0-9_.-]{0,40}[_.-])?(?:password|passwd|passphrase|secret|client_?secret|api_?key|apikey|access_?token|auth_?token|refresh_?token|private_?key|secret_?access_?key)$/i;

/**
 * Replaces secrets in `text` with `[REDACTED]`: the credential values this process holds, known
 * token formats, Authorization values, credential assignments and URL passwords. Ordinary text
 * (user names, hosts, query parameters) is returned unchanged.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of heldSecrets()) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  for (const rule of SECRET_PATTERNS) out = out.replace(rule.pattern, rule.replace);
  return out;
}
/** A deep copy of a JSON value with every string (keys excepted) passed through `redactSecrets`. */
export function redactDeep<T>(value: T): T {
  return redactValue(value) as T;
}

/** What a value nested deeper than `MAX_JSON_DEPTH` is saved as. */
export const TOO_DEEP = '[nested too deep: not saved]';

function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (typeof value === 'object' && value !== null && depth >= MAX_JSON_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      if (key === '__proto__') {
        Object.defineProperty(out, key, {
          value: redactValue(item, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else if (typeof item === 'string' && item.length > 0 && CREDENTIAL_KEY.test(key)) {
        out[key] = REDACTED;
      } else {
        out[key] = redactValue(item, depth + 1);
      }
    }
    return out;
  }
  return value;
}
