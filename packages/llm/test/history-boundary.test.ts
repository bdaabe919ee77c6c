import { startAnthropicServer, startOpenAIChatServer } from '@agent/testkit';
import { INTERRUPTED_OUTPUT, prepareMessages } from '../src/history';
import { buildRequest } from '../src/loop';
import type { Message } from '../src/messages';
import type { Provider } from '../src/provider';
import { create as createAnthropic } from '../src/providers/anthropic';
import { toAnthropicMessages } from '../src/providers/anthropic/anthropic-request';
import { toBedrockMessages } from '../src/providers/bedrock/bedrock-request';
import { toGenkitMessages } from '../src/providers/genkit/genkit-request';
import { create as createChat } from '../src/providers/openai-chat';
import { toChatMessages } from '../src/providers/openai-chat/chat-messages';
import { toResponsesInput } from '../src/providers/openai-responses/responses-input';
import { toTextMessages } from '../src/providers/text/text-messages';
import { closedAfterEach, collect, registry, SYSTEM } from './support/provider-fixtures';

/** A history nobody prepared: a turn before a checkpoint, and a call left pending. */
const SESSION: Message[] = [
  { role: 'user', text: 'before the checkpoint' },
  { role: 'checkpoint', summary: 'We fixed the build.' },
  { role: 'user', text: 'run it' },
  {
    role: 'assistant',
    text: 'Running.',
    toolCalls: [
      {
        id: 'call_1',
        name: 'run_shell',
        input: { command: 'make' },
        status: 'pending',
        summary: 'make',
      },
    ],
  },
];

const MAPPINGS: Array<[string, (messages: Message[]) => unknown]> = [
  ['openai-chat', (messages) => toChatMessages(SYSTEM, messages)],
  ['openai-responses', toResponsesInput],
  ['text', (messages) => toTextMessages(SYSTEM, [], messages)],
  ['anthropic', toAnthropicMessages],
  ['bedrock', toBedrockMessages],
  ['genkit', toGenkitMessages],
];

describe('the one history boundary', () => {
  test.each(MAPPINGS)('%s maps the messages it gets as they are, preparing nothing', (_, map) => {
    const wire = (messages: Message[]) => JSON.stringify(map(messages));
    const prepared = wire(prepareMessages(SESSION));
    expect(prepared).not.toContain('before the checkpoint');
    expect(prepared).toContain(INTERRUPTED_OUTPUT);
    // No second cut at the checkpoint and no second closing of the call inside the adapter:
    const unprepared = wire(SESSION);
    expect(unprepared).toContain('before the checkpoint');
    expect(unprepared).toContain('[pending] run_shell: make');
  });

  const closeAfter = closedAfterEach();
  const sent = [
    {
      name: 'openai-chat',
      start: startOpenAIChatServer,
      provider: (url: string): Provider =>
        createChat({ model: 'gpt-test', baseUrl: `${url}/v1`, apiKey: 'sk-test', maxRetries: 0 }),
      wire: (body: any, messages: Message[]) =>
        expect(body.messages).toEqual(toChatMessages(SYSTEM, messages)),
    },
    {
      name: 'anthropic',
      start: startAnthropicServer,
      provider: (url: string): Provider =>
        createAnthropic({ model: 'claude-test', baseUrl: url, apiKey: 'k', maxRetries: 0 }),
      wire: (body: any, messages: Message[]) =>
        expect(body.messages).toEqual(toAnthropicMessages(messages)),
    },
  ];
  test.each(sent)(
    '$name sends exactly the mapping of what buildRequest prepared',
    async ({ start, provider, wire }) => {
      const server = closeAfter(await start([{ text: 'ok' }]));
      const adapter = provider(server.url);
      const request = buildRequest({
        provider: adapter,
        registry: registry(),
        system: SYSTEM,
        messages: [...SESSION, { role: 'user', text: 'and now?' }],
      });
      await collect(adapter, request);
      expect(request.messages[0]!.role).toBe('checkpoint');
      wire(server.requests[0]!.body, request.messages);
    },
  );
});
