import { createProvider, type Provider, type ProviderId } from '@agent/llm';
import {
  startAnthropicServer,
  startBedrockServer,
  startGenkitServer,
  startOpenAIChatServer,
  startOpenAIResponsesServer,
  type FakeServer,
  type ScriptedTurn,
} from '@agent/testkit';
import {
  anthropicView,
  bedrockView,
  genkitView,
  openAIChatView,
  openAIResponsesView,
  textView,
  type WireView,
} from './wire-views';

/** One model response of a scenario, independent of any wire. */
export interface ModelStep {
  text?: string;
  calls?: Array<{ id: string; name: string; input: Record<string, unknown> }>;
}

/** How a scenario runs against one provider: its fake, its client options, how to read requests. */
export interface Wire {
  id: ProviderId;
  /** How tests name this wire (the provider id, plus any variant). */
  label: string;
  start(script: ScriptedTurn[]): Promise<FakeServer>;
  /** A fresh provider instance (its own SDK client) talking to `server`. */
  provider(server: FakeServer): Provider;
  /** The scripted turn that makes the fake model produce `step` on this wire. */
  turn(step: ModelStep): ScriptedTurn;
  view: WireView;
  /** Whether tool results carry an error flag on this wire. */
  errorFlag: boolean;
  /** Whether the model's call ids reach the wire (the text transport generates its own). */
  modelIds: boolean;
}

/** Native tool calling: the fake streams each call with its arguments split into fragments. */
function nativeTurn(step: ModelStep): ScriptedTurn {
  return {
    ...(step.text !== undefined ? { text: step.text } : {}),
    ...(step.calls
      ? {
          toolCalls: step.calls.map(({ id, name, input }) => ({ id, name, arguments: input })),
          argumentFragments: 5,
        }
      : {}),
  };
}

/** The ```tool block a model without native tools writes (the fenced-block convention). */
export function toolBlock(name: string, input: unknown): string {
  return `\`\`\`tool\n${JSON.stringify({ name, arguments: input })}\n\`\`\``;
}

/** Gemini usually sends function calls without ids: the adapter makes its own. */
function idlessTurn(step: ModelStep): ScriptedTurn {
  const turn = nativeTurn(step);
  return turn.toolCalls
    ? { ...turn, toolCalls: turn.toolCalls.map(({ id: _id, ...call }) => call) }
    : turn;
}

function textTurn(step: ModelStep): ScriptedTurn {
  const blocks = (step.calls ?? []).map((call) => toolBlock(call.name, call.input));
  return { text: [...(step.text !== undefined ? [step.text] : []), ...blocks].join('\n\n') };
}

const KEY = { apiKey: 'test-key', maxRetries: 0 };

export const WIRES: Wire[] = [
  {
    id: 'openai-chat',
    label: 'openai-chat',
    start: startOpenAIChatServer,
    provider: (server) =>
      createProvider('openai-chat', { ...KEY, model: 'gpt-test', baseUrl: `${server.url}/v1` }),
    turn: nativeTurn,
    view: openAIChatView,
    errorFlag: false,
    modelIds: true,
  },
  {
    id: 'openai-responses',
    label: 'openai-responses',
    start: startOpenAIResponsesServer,
    provider: (server) =>
      createProvider('openai-responses', {
        ...KEY,
        model: 'gpt-test',
        baseUrl: `${server.url}/v1`,
      }),
    turn: nativeTurn,
    view: openAIResponsesView,
    errorFlag: false,
    modelIds: true,
  },
  {
    id: 'anthropic',
    label: 'anthropic',
    start: startAnthropicServer,
    provider: (server) =>
      createProvider('anthropic', { ...KEY, model: 'claude-test', baseUrl: server.url }),
    turn: nativeTurn,
    view: anthropicView,
    errorFlag: true,
    modelIds: true,
  },
  {
    id: 'bedrock',
    label: 'bedrock',
    start: startBedrockServer,
    provider: (server) =>
      createProvider('bedrock', {
        model: 'anthropic.claude-test',
        baseUrl: server.url,
        region: 'us-east-1',
        maxRetries: 0,
      }),
    turn: nativeTurn,
    view: bedrockView,
    errorFlag: true,
    modelIds: true,
  },
  {
    id: 'genkit',
    label: 'genkit',
    start: startGenkitServer,
    provider: (server) =>
      createProvider('genkit', { ...KEY, model: 'gemini-test', baseUrl: server.url }),
    turn: nativeTurn,
    view: genkitView,
    errorFlag: false,
    modelIds: true,
  },
  {
    id: 'genkit',
    label: 'genkit (calls without ids)',
    start: startGenkitServer,
    provider: (server) =>
      createProvider('genkit', { ...KEY, model: 'gemini-test', baseUrl: server.url }),
    turn: idlessTurn,
    view: genkitView,
    errorFlag: false,
    modelIds: false,
  },
  {
    id: 'text',
    label: 'text',
    start: startOpenAIChatServer,
    provider: (server) =>
      createProvider('text', { ...KEY, model: 'llama-test', baseUrl: `${server.url}/v1` }),
    turn: textTurn,
    view: textView,
    errorFlag: true,
    modelIds: false,
  },
];

/** Static AWS credentials for the Bedrock client (SigV4 against the fake); restores on `restore`. */
export function useFakeAwsCredentials(): { restore(): void } {
  const names = [
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_SESSION_TOKEN',
    'AWS_BEARER_TOKEN_BEDROCK',
    'AWS_PROFILE',
  ];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  for (const name of names) delete process.env[name];
  process.env.AWS_ACCESS_KEY_ID = 'AKIDFAKEFAKEFAKE';
  process.env.AWS_SECRET_ACCESS_KEY = 'fake-secret';
  return {
    restore() {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    },
  };
}
