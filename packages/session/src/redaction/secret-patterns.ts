import { REDACTED } from '@agent/tool-contract';

/** One secret shape: what to find, and the replacement (`$1`... keep the context around it). */
export interface SecretPattern {
  id: string;
  pattern: RegExp;
  replace: string;
}

const R = REDACTED;

/**
 * Key names whose value is a credential, as secret scanners list them (gitleaks' generic
 * rule, secretlint's presets). A name matches alone or as the last part of a longer one
 * (`db_password`, `DB.PASSWORD`, `aws-secret-key`); `max_tokens` does not.
 */
const CREDENTIAL_NAMES =
  'password|passwd|passphrase|secret|secret[_-]?key|client[_-]?secret|api[_-]?key|apikey|' +
  'access[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|token';
/** An optional bounded prefix before a credential name (bounded: no quadratic backtracking). */
const NAME_PREFIX = '(?:[A-Za-z0-9_.-]{0,40}[_.-])?';

/** A credential name and its `:` or `=`, captured as `$1`. */
const ASSIGNED = `(\\b${NAME_PREFIX}(?:${CREDENTIAL_NAMES})\\b["']?\\s*[:=]\\s*)`;

/** Query parameters that carry credentials in URLs; ordinary ones (`code`, `key`) are kept. */
const CREDENTIAL_QUERY_NAMES =
  'password|passwd|client_secret|access_token|refresh_token|id_token|api_key|apikey|' +
  'private_token|token|x-amz-signature|x-amz-security-token|x-goog-signature';

/** HTTP authentication schemes a credential follows in an Authorization value. */
const AUTH_SCHEMES =
  'basic|bearer|digest|token|negotiate|ntlm|oauth|apikey|sharedkey|aws4-hmac-sha256';

/**
 * Secret shapes, most specific first. A table kept here rather than a scanner's package: the
 * maintained sets on npm (secretlint's rule presets) are ES modules run asynchronously through a
 * linting engine that reports ranges in files, not a synchronous string rewrite applied to every
 * saved event; the formats below follow their rules and gitleaks'.
 *
 * Token formats are self-identifying prefixes (so ordinary
 * text never matches them); contextual rules redact only the value after a credential name,
 * header or URL password, never the name, user name, host or other parameters.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    id: 'private-key',
    pattern:
      /(-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----)(?:[\s\S]*?(-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----)|[^-]*)/g,
    replace: `$1${R}$2`,
  },
  {
    id: 'gcp-service-account',
    pattern: /("private_key(?:_id)?"\s*:\s*")(?:[^"\\]|\\.)+"/g,
    replace: `$1${R}"`,
  },
  {
    id: 'jwt',
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
    replace: R,
  },
  {
    id: 'openai-anthropic',
    pattern: /\bsk-(?=[A-Za-z0-9_-]{0,200}\d)[A-Za-z0-9_-]{20,}/g,
    replace: R,
  },
  { id: 'stripe', pattern: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{10,}/g, replace: R },
  // An AWS secret key right after its access key id (a credentials CSV, `id:secret`).
  {
    id: 'aws-key-pair',
    pattern:
      /(\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}[\s,;|:="']{1,5})[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
    replace: `$1${R}`,
  },
  { id: 'aws-access-key-id', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g, replace: R },
  {
    id: 'aws-secret-access-key',
    pattern:
      /(\b(?:aws_?)?secret_?access_?key["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])/gi,
    replace: `$1${R}`,
  },
  { id: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{30,}/g, replace: R },
  {
    id: 'github',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/g,
    replace: R,
  },
  { id: 'gitlab', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g, replace: R },
  {
    id: 'slack-token',
    pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}|\bxapp-\d-[A-Za-z0-9-]{10,}/g,
    replace: R,
  },
  {
    id: 'slack-webhook',
    pattern: /(\bhooks\.slack\.com\/(?:services|workflows|triggers)\/)[A-Za-z0-9+/_-]{20,}/g,
    replace: `$1${R}`,
  },
  { id: 'npm', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g, replace: R },
  { id: 'hugging-face', pattern: /\bhf_[A-Za-z0-9]{30,}\b/g, replace: R },
  { id: 'sendgrid', pattern: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g, replace: R },
  { id: 'azure-account-key', pattern: /(\bAccountKey=)[A-Za-z0-9+/]{86}==/g, replace: `$1${R}` },
  // `Authorization: Basic x`, `"authorization":"Bearer x"`: a scheme and a token, or one token
  // with a digit, and only it: "Authorization: role-based or attribute-based?" stays, and so
  // does a hyphenated word with a digit ("Authorization: OAuth2-based or SAML?").
  {
    id: 'authorization-header',
    pattern: new RegExp(
      `(\\b(?:proxy-)?authorization\\b["']?\\s*:\\s*["']?)` +
        `(?:(?:${AUTH_SCHEMES})\\s+(?=[^\\s"']{0,200}\\d|[A-Za-z0-9+/=._~-]{12,})[^\\s"',;]+` +
        `|(?![A-Za-z]+\\d*(?:-[A-Za-z]+)+(?![^\\s"',;]))(?=[^\\s"']{0,200}\\d)[^\\s"',;]{8,})`,
      'gi',
    ),
    replace: `$1${R}`,
  },
  {
    id: 'bearer-token',
    pattern: /(\bbearer\s+)(?=[A-Za-z._~+/=-]{0,200}\d)[A-Za-z0-9._~+/=-]{8,}/gi,
    replace: `$1${R}`,
  },
  {
    id: 'api-key-header',
    pattern: /(\bx-(?:goog-)?api-key\b["']?\s*[:=]\s*["']?)[^"'\s,}]+/gi,
    replace: `$1${R}`,
  },
  {
    id: 'url-query-credential',
    pattern: new RegExp(`([?&](?:${CREDENTIAL_QUERY_NAMES})=)[^&#\\s"'<>]+`, 'gi'),
    replace: `$1${R}`,
  },
  // scheme://user:password@host: the password only.
  {
    id: 'url-password',
    pattern: /(\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s/?#@:"'<>]{1,200}:)[^\s/?#@"'<>]{1,200}@/gi,
    replace: `$1${R}@`,
  },
  // DB_PASSWORD=x, export API_TOKEN="x": environment style, any value but a $reference.
  {
    id: 'env-credential',
    pattern: new RegExp(
      `(\\b[A-Z0-9_]{0,40}(?:PASSWORD|PASSWD|PASSPHRASE|SECRET|SECRET_KEY|API_KEY|APIKEY|ACCESS_KEY|TOKEN|PRIVATE_KEY)=["']?)(?![$"'])[^\\s"'\`;&|]{3,}`,
      'g',
    ),
    replace: `$1${R}`,
  },
  // "password": "x", db_password = 'x': a quoted literal after a credential name.
  {
    id: 'quoted-credential',
    pattern: new RegExp(`${ASSIGNED}"(?:[^"\\\\\n]|\\\\.){1,400}"`, 'gi'),
    replace: `$1"${R}"`,
  },
  {
    id: 'single-quoted-credential',
    pattern: new RegExp(`${ASSIGNED}'(?:[^'\\\\\n]|\\\\.){1,400}'`, 'gi'),
    replace: `$1'${R}'`,
  },
  // password: s3cret!, token=ab12cd34: a bare value with a digit or symbol (so
  // `password: string` and `token = getToken()` stay).
  {
    id: 'assigned-credential',
    pattern: new RegExp(
      `${ASSIGNED}(?=[^\\s"'\`,;(){}\\[\\]<>]{0,200}[0-9!@#%^*+/~])(?![A-Za-z_$][\\w$.]{0,200}\\()[^\\s"'\`,;(){}\\[\\]<>]{6,}`,
      'gi',
    ),
    replace: `$1${R}`,
  },
];
