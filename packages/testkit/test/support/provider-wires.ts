import {
  startAnthropicServer,
  startBedrockServer,
  startGenkitServer,
  startOpenAIChatServer,
  startOpenAIResponsesServer,
  type FakeServer,
  type ScriptedTurn,
} from '../../src';

/** How each provider meets the fake of its wire: the fake, its --base-url, the SDK's credentials. */
export const WIRES: Record<
  string,
  [(script: ScriptedTurn[]) => Promise<FakeServer>, (url: string) => string, NodeJS.ProcessEnv]
> = {
  'openai-chat': [startOpenAIChatServer, (url) => `${url}/v1`, { OPENAI_API_KEY: 'k' }],
  'openai-responses': [startOpenAIResponsesServer, (url) => `${url}/v1`, { OPENAI_API_KEY: 'k' }],
  anthropic: [startAnthropicServer, (url) => url, { ANTHROPIC_API_KEY: 'k' }],
  bedrock: [
    startBedrockServer,
    (url) => url,
    {
      AWS_ACCESS_KEY_ID: 'AKIDFAKE',
      AWS_SECRET_ACCESS_KEY: 'fake-secret',
      AWS_REGION: 'us-east-1',
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/aws-credentials',
      AWS_CONFIG_FILE: '/nonexistent/aws-config',
      AWS_EC2_METADATA_DISABLED: 'true',
    },
  ],
  genkit: [startGenkitServer, (url) => url, { GEMINI_API_KEY: 'k' }],
  text: [startOpenAIChatServer, (url) => `${url}/v1`, { OPENAI_API_KEY: 'k' }],
};

/** The arguments that point a command at an openai-chat fake. */
export const chatArgs = (fake: FakeServer) => [
  '--provider',
  'openai-chat',
  '--model',
  'm',
  '--base-url',
  `${fake.url}/v1`,
];

/** The text of the tool results the model was sent in the request `index` of an openai-chat fake. */
export function toolResults(fake: FakeServer, index: number): Record<string, string> {
  const messages: Array<Record<string, unknown>> = fake.requests[index]!.body.messages;
  return Object.fromEntries(
    messages
      .filter((m) => m.role === 'tool')
      .map((m) => [String(m.tool_call_id), String(m.content)]),
  );
}
