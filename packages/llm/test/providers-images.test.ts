import {
  pngFile,
  startAnthropicServer,
  startBedrockServer,
  startGenkitServer,
  startOpenAIChatServer,
  startOpenAIResponsesServer,
  type FakeServer,
  type ScriptedTurn,
} from '@agent/testkit';
import { imagePart } from '../src/images';
import type { Message } from '../src/messages';
import type { Provider } from '../src/provider';
import { create as createAnthropic } from '../src/providers/anthropic';
import { create as createBedrock } from '../src/providers/bedrock';
import { create as createGenkit } from '../src/providers/genkit';
import { create as createChat } from '../src/providers/openai-chat';
import { create as createResponses } from '../src/providers/openai-responses';
import { create as createText } from '../src/providers/text';
import {
  closedAfterEach,
  collect,
  endOf,
  request,
  textOf,
  fakeAwsCredentials,
} from './support/provider-fixtures';

const closeAfter = closedAfterEach();
fakeAwsCredentials();

const PNG = pngFile({ width: 3, height: 2 });
const SHOT = imagePart('shot.png', PNG);
const ASKED: Message = { role: 'user', text: 'What is wrong on this page?', images: [SHOT] };
const REPLY: ScriptedTurn[] = [{ text: ['It is red.'] }];

interface Family {
  start(script: ScriptedTurn[]): Promise<FakeServer>;
  provider(url: string): Provider;
  /** The user message's content as this wire must carry it. */
  wire(data: string): unknown;
  /** The user content of the first message of a recorded body. */
  userContent(body: any): unknown;
}

const FAMILIES: Record<string, Family> = {
  'openai-chat': {
    start: startOpenAIChatServer,
    provider: (url) =>
      createChat({ model: 'gpt-test', baseUrl: `${url}/v1`, apiKey: 'k', maxRetries: 0 }),
    wire: (data) => [
      { type: 'text', text: ASKED.role === 'user' ? ASKED.text : '' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${data}` } },
    ],
    userContent: (body) => body.messages.find((m: any) => m.role === 'user').content,
  },
  'openai-responses': {
    start: startOpenAIResponsesServer,
    provider: (url) =>
      createResponses({ model: 'gpt-test', baseUrl: `${url}/v1`, apiKey: 'k', maxRetries: 0 }),
    wire: (data) => [
      { type: 'input_text', text: 'What is wrong on this page?' },
      { type: 'input_image', image_url: `data:image/png;base64,${data}`, detail: 'auto' },
    ],
    userContent: (body) => body.input[0].content,
  },
  anthropic: {
    start: startAnthropicServer,
    provider: (url) =>
      createAnthropic({ model: 'claude-test', baseUrl: url, apiKey: 'k', maxRetries: 0 }),
    wire: (data) => [
      { type: 'text', text: 'What is wrong on this page?' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
    ],
    userContent: (body) => body.messages[0].content,
  },
  bedrock: {
    start: startBedrockServer,
    provider: (url) =>
      createBedrock({
        model: 'anthropic.claude-test-v1:0',
        baseUrl: url,
        region: 'eu-west-1',
        maxRetries: 0,
      }),
    wire: (data) => [
      { text: 'What is wrong on this page?' },
      { image: { format: 'png', source: { bytes: data } } },
    ],
    userContent: (body) => body.messages[0].content,
  },
  genkit: {
    start: startGenkitServer,
    provider: (url) =>
      createGenkit({ model: 'gemini-test', baseUrl: url, apiKey: 'k', maxRetries: 0 }),
    wire: (data) => [
      { text: 'What is wrong on this page?' },
      { inlineData: { mimeType: 'image/png', data } },
    ],
    userContent: (body) => body.contents[0].parts,
  },
};

describe.each(Object.entries(FAMILIES))(
  '%s sends an attached image in its own format',
  (_, family) => {
    it('carries the bytes in the wire image block, after the text', async () => {
      const server = closeAfter(await family.start(REPLY));
      const events = await collect(family.provider(server.url), request([ASKED], []));
      expect(endOf(events)).toMatchObject({ stopReason: 'stop' });
      expect(textOf(events)).toBe('It is red.');
      const [received] = server.requests;
      expect(received!.images).toEqual([{ mediaType: 'image/png', bytes: PNG }]);
      expect(family.userContent(received!.body)).toEqual(family.wire(PNG.toString('base64')));
    });

    it('sends a text note in place of an image whose stored copy is missing', async () => {
      const server = closeAfter(await family.start(REPLY));
      const { data: _gone, ...missing } = SHOT;
      const asked: Message = { role: 'user', text: 'And this one?', images: [missing] };
      const events = await collect(family.provider(server.url), request([asked], []));
      expect(endOf(events)).toMatchObject({ stopReason: 'stop' });
      expect(server.requests[0]!.images).toEqual([]);
      expect(server.requests[0]!.rawBody).toContain(
        `[image shot.png · ${SHOT.size} B] (the person attached this image earlier; its stored copy is missing`,
      );
    });
  },
);

describe('the text transport', () => {
  it('refuses a conversation with images before any request, naming why', async () => {
    const server = closeAfter(await startOpenAIChatServer(REPLY));
    const text = createText({ model: 'llama-test', baseUrl: `${server.url}/v1`, maxRetries: 0 });
    const end = endOf(await collect(text, request([ASKED], [])));
    expect(end.stopReason).toBe('error');
    expect(end.error?.message).toMatch(
      /^this model cannot take images: llama-test runs on the text transport/,
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('the fake servers check images as the services do', () => {
  it('refuse an image whose bytes are not of the declared type (400)', async () => {
    const server = closeAfter(await startAnthropicServer(REPLY));
    const liar: Message = {
      role: 'user',
      text: 'look',
      images: [{ ...SHOT, mediaType: 'image/jpeg' }],
    };
    const end = endOf(await collect(family('anthropic').provider(server.url), request([liar], [])));
    expect(end).toMatchObject({ stopReason: 'error', error: { status: 400 } });
    expect(end.error?.message).toMatch(/invalid image/);
  });
});

function family(id: string): Family {
  return FAMILIES[id]!;
}
