/** What a secret is replaced with in a session file. */
export const REDACTED = '[REDACTED]';

interface Rule {
  pattern: RegExp;
  replace: string;
}

const QUERY_SECRET_NAMES =
  'api[_-]?key|apikey|key|token|access[_-]?token|refresh[_-]?token|id[_-]?token|auth|' +
  'client[_-]?secret|secret|password|passwd|pwd|sig|signature|x-amz-signature|' +
  'x-amz-security-token|x-amz-credential|x-goog-api-key|code';

/** HTTP authentication schemes a credential follows in an Authorization value. */
const AUTH_SCHEMES =
  'basic|bearer|digest|token|negotiate|ntlm|oauth|apikey|sharedkey|aws4-hmac-sha256';

/** Ordered: specific key formats first, then the contexts keys appear in. */
const RULES: Rule[] = [
  // Anthropic (sk-ant-...), OpenAI (sk-..., sk-proj-...) and similar sk- keys.
  { pattern: /\bsk-(?:ant-)?[A-Za-z0-9_-]{16,}/g, replace: REDACTED },
  // AWS access key ids (long-term and session).
  { pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, replace: REDACTED },
  // Google API keys.
  { pattern: /\bAIza[0-9A-Za-z_-]{30,}/g, replace: REDACTED },
  // GitHub and Slack tokens.
  { pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g, replace: REDACTED },
  { pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, replace: REDACTED },
  // Authorization headers in any spelling: `Authorization: Basic x`, `"authorization":"Bearer x"`.
  // Only a credential-like value (a scheme and a token, or one token with a digit), and only it:
  // prose such as "Authorization: role-based or attribute-based?" and the rest of the line stay.
  {
    pattern: new RegExp(
      `(\\b(?:proxy-)?authorization\\b["']?\\s*:\\s*["']?)` +
        `(?:(?:${AUTH_SCHEMES})\\s+(?=[^\\s"']*\\d|[A-Za-z0-9+/=._~-]{12,})[^\\s"',;]+` +
        `|(?=[^\\s"']*\\d)[^\\s"',;]{8,})`,
      'gi',
    ),
    replace: `$1${REDACTED}`,
  },
  // Bearer tokens anywhere else (token-like: with a digit, so prose is left alone).
  {
    pattern: /(\bbearer\s+)(?=[A-Za-z._~+/=-]*\d)[A-Za-z0-9._~+/=-]{8,}/gi,
    replace: `$1${REDACTED}`,
  },
  // Header-style API keys: `x-api-key: ...`, `x-goog-api-key: ...`.
  {
    pattern: /(\bx-(?:goog-)?api-key\b["']?\s*[:=]\s*["']?)[^"'\s,}]+/gi,
    replace: `$1${REDACTED}`,
  },
  // Secrets in URL query strings.
  {
    pattern: new RegExp(`([?&](?:${QUERY_SECRET_NAMES})=)[^&#\\s"'<>]+`, 'gi'),
    replace: `$1${REDACTED}`,
  },
  // Credentials in URL userinfo: scheme://user:pass@host or scheme://token@host.
  { pattern: /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi, replace: `$1${REDACTED}@` },
  // Environment-style assignments of key-like values (with a digit, so code is left alone).
  {
    pattern:
      /(\b[A-Z0-9_]*(?:API_KEY|SECRET|SECRET_ACCESS_KEY|TOKEN|PASSWORD)\b["']?\s*[:=]\s*["']?)(?=[^\s"']*\d)[^\s"']{8,}/g,
    replace: `$1${REDACTED}`,
  },
];

/** A cheap filter: strings with none of these fragments cannot match any rule. */
const HINT =
  /sk-|AKIA|ASIA|AIza|gh[pousr]_|github_pat_|xox|authorization|bearer|api-key|[?&][a-z_-]+=|:\/\/[^\s/]*@|API_KEY|SECRET|TOKEN|PASSWORD/i;

/** Replaces API keys, tokens and credentials in `text` with `[REDACTED]`. */
export function redactSecrets(text: string): string {
  if (!HINT.test(text)) return text;
  let out = text;
  for (const rule of RULES) out = out.replace(rule.pattern, rule.replace);
  return out;
}

/** A deep copy of a JSON value with every string (keys excepted) passed through `redactSecrets`. */
export function redactDeep<T>(value: T): T {
  return redactValue(value) as T;
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      if (key === '__proto__') {
        Object.defineProperty(out, key, {
          value: redactValue(item),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        out[key] = redactValue(item);
      }
    }
    return out;
  }
  return value;
}
