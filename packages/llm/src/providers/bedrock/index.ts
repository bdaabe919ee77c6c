import {
  BedrockRuntimeClient,
  ConverseStreamCommand,
  type BedrockRuntimeClientConfig,
} from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { Provider, ProviderError, ProviderOptions } from '../../provider';
import { classifyError, guardedProvider, turnEnd, type StreamState } from '../shared';
import { optionEnv } from '../shared/sdk-options';
import { BedrockEventMapper } from './bedrock-events';
import { toBedrockRequest } from './bedrock-request';

const CREDENTIALS =
  'set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE, or AWS_BEARER_TOKEN_BEDROCK ' +
  'for a Bedrock API key) and AWS_REGION, or choose another provider with the `provider` option';

const NETWORK_CODE =
  /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE)\b/;

/**
 * The Bedrock ConverseStream adapter. Credentials come from the AWS chain, or `apiKey` is sent as
 * a Bedrock API key (bearer token, like AWS_BEARER_TOKEN_BEDROCK); `baseUrl` is the
 * endpoint (HTTP/1.1, so plain http:// gateways work); retries go through the SDK (`maxAttempts`).
 */
export function create(options: ProviderOptions): Provider {
  let client: BedrockRuntimeClient | undefined;
  const region =
    options.region ??
    optionEnv(options, 'AWS_REGION') ??
    optionEnv(options, 'AWS_DEFAULT_REGION') ??
    'us-east-1';

  const classify = (error: unknown, state: StreamState): ProviderError => {
    const context = {
      credentialVariable: 'AWS credentials',
      baseUrl: options.baseUrl ?? `bedrock-runtime.${region}`,
      streaming: state.streaming,
    };
    let classified = classifyError(error, context);
    const wrapped = error instanceof Error ? NETWORK_CODE.exec(error.message) : null;
    if (classified.kind === 'other' && wrapped) {
      // The SDK wraps socket errors in a plain Error that keeps the code only in its message.
      classified = classifyError(
        Object.assign(new Error(error instanceof Error ? error.message : ''), { code: wrapped[1] }),
        context,
      );
    }
    if (classified.kind !== 'auth') return classified;
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ...classified,
      message: `AWS credentials are missing or invalid (${detail}): ${CREDENTIALS}`,
    };
  };

  return guardedProvider(
    'bedrock',
    options.model,
    async function* (state, request, signal) {
      // The SDK's Node-version notice goes to stderr, where it would paint over the terminal UI.
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
      client ??= new BedrockRuntimeClient({
        region,
        ...(options.baseUrl ? { endpoint: options.baseUrl } : {}),
        maxAttempts: (options.maxRetries ?? 2) + 1,
        ...credentialsOf(options),
        requestHandler: new NodeHttpHandler(),
      });
      const response = await client.send(
        new ConverseStreamCommand(toBedrockRequest(options.model, request)),
        { abortSignal: signal },
      );
      state.streaming = true;
      const mapper = new BedrockEventMapper();
      for await (const event of response.stream ?? []) yield* mapper.map(event);
      return turnEnd(mapper, 'no messageStop');
    },
    classify,
  );
}

/**
 * What the client is given beyond the AWS chain: a Bedrock API key (`apiKey`, else
 * AWS_BEARER_TOKEN_BEDROCK), else static keys, both read from the caller's `env` when given.
 * Nothing found: the chain (process.env, profiles, instance roles) decides.
 */
function credentialsOf(options: ProviderOptions): Partial<BedrockRuntimeClientConfig> {
  const token = options.apiKey ?? optionEnv(options, 'AWS_BEARER_TOKEN_BEDROCK');
  if (token) return { token: { token }, authSchemePreference: ['httpBearerAuth'] };
  const accessKeyId = optionEnv(options, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = optionEnv(options, 'AWS_SECRET_ACCESS_KEY');
  if (!options.env || !accessKeyId || !secretAccessKey) return {};
  const sessionToken = optionEnv(options, 'AWS_SESSION_TOKEN');
  return {
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
  };
}
