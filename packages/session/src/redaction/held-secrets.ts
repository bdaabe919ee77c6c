/**
 * Environment variables the SDKs read credentials from. Their values, when set in this process,
 * are redacted wherever they appear, whatever their format.
 */
export const CREDENTIAL_ENV_VARS = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_BEARER_TOKEN_BEDROCK',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'GOOGLE_GENAI_API_KEY',
  'AZURE_OPENAI_API_KEY',
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'HF_TOKEN',
  'NPM_TOKEN',
] as const;

/** Shorter values are not treated as secrets (a test's `OPENAI_API_KEY=test` is not one). */
export const MIN_HELD_SECRET_LENGTH = 12;

const registered = new Set<string>();
let cacheKey = '';
let cached: string[] = [];

/**
 * Adds a credential this process holds from elsewhere (a flag, a config file) to the values
 * redacted everywhere. Values shorter than `MIN_HELD_SECRET_LENGTH` are ignored.
 */
export function registerHeldSecret(value: string): void {
  const trimmed = value.trim();
  if (trimmed.length >= MIN_HELD_SECRET_LENGTH) registered.add(trimmed);
}

/** The credential values held now, longest first (so a value containing another goes first). */
export function heldSecrets(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const values: string[] = [...registered];
  for (const name of CREDENTIAL_ENV_VARS) {
    const value = env[name]?.trim();
    if (value && value.length >= MIN_HELD_SECRET_LENGTH) values.push(value);
  }
  const key = values.join('\u0000');
  if (key !== cacheKey) {
    cacheKey = key;
    cached = [...new Set(values)].sort((a, b) => b.length - a.length);
  }
  return cached;
}
