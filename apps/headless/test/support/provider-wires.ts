import path from 'node:path';
import {
  anthropicProtocol,
  bedrockProtocol,
  genkitProtocol,
  openAIChatProtocol,
  openAIResponsesProtocol,
  type WireProtocol,
} from '@agent/testkit';
import type { Sandbox } from './cli';

/** How a provider meets the fake of its wire protocol. */
export interface ProviderWire {
  protocol: WireProtocol;
  /** The --base-url for a fake at `url`. */
  baseUrl(url: string): string;
  /** The credentials the provider's SDK reads (fake values). */
  env(sandboxRoot: string): Record<string, string>;
}

const OPENAI_KEY = { OPENAI_API_KEY: 'test' };

/** Every provider with a wire of its own (the offline demo and the text transport aside). */
export const PROVIDER_WIRES: Record<string, ProviderWire> = {
  'openai-chat': {
    protocol: openAIChatProtocol,
    baseUrl: (url) => `${url}/v1`,
    env: () => OPENAI_KEY,
  },
  'openai-responses': {
    protocol: openAIResponsesProtocol,
    baseUrl: (url) => `${url}/v1`,
    env: () => OPENAI_KEY,
  },
  anthropic: {
    protocol: anthropicProtocol,
    baseUrl: (url) => url,
    env: () => ({ ANTHROPIC_API_KEY: 'test' }),
  },
  bedrock: {
    protocol: bedrockProtocol,
    baseUrl: (url) => url,
    // Static keys, and no shared config files or instance metadata from the machine.
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
    protocol: genkitProtocol,
    baseUrl: (url) => url,
    env: () => ({ GEMINI_API_KEY: 'test' }),
  },
};

/** The flags that run provider `id` (on `wire`) with the test model against the fake at `url`. */
export function providerArgs(id: string, wire: ProviderWire, url: string): string[] {
  return ['--provider', id, '--model', 'test-model', '--base-url', wire.baseUrl(url)];
}

/** The credentials `wire`'s SDK reads, for a run in `sandbox`. */
export function providerEnv(wire: ProviderWire, sandbox: Sandbox): Record<string, string> {
  return wire.env(path.dirname(sandbox.workspace));
}
