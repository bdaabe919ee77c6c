import path from 'node:path';
import {
  anthropicProtocol,
  bedrockProtocol,
  genkitProtocol,
  openAIChatProtocol,
  openAIResponsesProtocol,
  type WireProtocol,
} from '@agent/testkit';

/** How the runner reaches each provider family's fake server. */
export interface ProviderCase {
  protocol: WireProtocol;
  /** Wire events up to and including the first text. */
  firstText: number;
  baseUrl(url: string): string;
  env(sandboxRoot: string): Record<string, string>;
}

export const PROVIDERS: Record<string, ProviderCase> = {
  'openai-chat': {
    firstText: 2,
    protocol: openAIChatProtocol,
    baseUrl: (url) => `${url}/v1`,
    env: () => ({ OPENAI_API_KEY: 'test' }),
  },
  'openai-responses': {
    firstText: 5,
    protocol: openAIResponsesProtocol,
    baseUrl: (url) => `${url}/v1`,
    env: () => ({ OPENAI_API_KEY: 'test' }),
  },
  anthropic: {
    firstText: 4,
    protocol: anthropicProtocol,
    baseUrl: (url) => url,
    env: () => ({ ANTHROPIC_API_KEY: 'test' }),
  },
  bedrock: {
    firstText: 2,
    protocol: bedrockProtocol,
    baseUrl: (url) => url,
    env: (root) => ({
      AWS_ACCESS_KEY_ID: 'AKIDFAKE',
      AWS_SECRET_ACCESS_KEY: 'fake-secret',
      AWS_REGION: 'us-east-1',
      AWS_SHARED_CREDENTIALS_FILE: path.join(root, 'no-aws-credentials'),
      AWS_CONFIG_FILE: path.join(root, 'no-aws-config'),
      AWS_EC2_METADATA_DISABLED: 'true',
    }),
  },
  genkit: {
    firstText: 1,
    protocol: genkitProtocol,
    baseUrl: (url) => url,
    env: () => ({ GEMINI_API_KEY: 'test' }),
  },
};
