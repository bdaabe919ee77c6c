import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProviderId, ProviderOptions } from '../provider';
import { envValue, type Env } from './agent-home';

/** Where a real model's credentials can come from, as told to a person who has none set. */
export const CREDENTIAL_SOURCES =
  'OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or GOOGLE_API_KEY, or AWS credentials (Bedrock)';

/** The variables each SDK reads a key from, in the order the adapters look. */
const KEY_VARIABLES: Partial<Record<ProviderId, readonly string[]>> = {
  'openai-chat': ['OPENAI_API_KEY'],
  'openai-responses': ['OPENAI_API_KEY'],
  text: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN'],
  genkit: ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_GENAI_API_KEY'],
  bedrock: [
    'AWS_BEARER_TOKEN_BEDROCK',
    'AWS_ACCESS_KEY_ID',
    'AWS_PROFILE',
    'AWS_WEB_IDENTITY_TOKEN_FILE',
  ],
};

const OPENAI_FAMILY: readonly ProviderId[] = ['openai-chat', 'openai-responses', 'text'];

/**
 * Why requests to this provider would fail for want of credentials, checked before the first
 * prompt (names only; values are never read out). An OpenAI-compatible custom endpoint may run
 * without a key (local servers); Bedrock also takes the shared AWS files. Undefined when fine.
 */
export function missingCredentials(
  id: ProviderId,
  options: ProviderOptions,
  env: Env,
  home: string = os.homedir(),
): string | undefined {
  const names = KEY_VARIABLES[id];
  if (!names || options.apiKey || names.some((name) => envValue(env, name))) return undefined;
  if (OPENAI_FAMILY.includes(id) && (options.baseUrl || envValue(env, 'OPENAI_BASE_URL'))) {
    return undefined;
  }
  if (id === 'bedrock' && hasAwsFiles(env, home)) return undefined;
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  return `${id} needs credentials: ${list} is not set, so every request would fail. Set it, or choose another provider with the \`provider\` option.`;
}

function hasAwsFiles(env: Env, home: string): boolean {
  const files = [
    envValue(env, 'AWS_SHARED_CREDENTIALS_FILE') ?? path.join(home, '.aws', 'credentials'),
    envValue(env, 'AWS_CONFIG_FILE') ?? path.join(home, '.aws', 'config'),
  ];
  return files.some((file) => fs.existsSync(file));
}
