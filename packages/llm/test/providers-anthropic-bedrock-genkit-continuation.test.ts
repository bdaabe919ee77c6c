import {
  startAnthropicServer,
  startBedrockServer,
  startGenkitServer,
  type FakeServer,
} from '@agent/testkit';
import type { Message } from '../src/messages';
import { create as createAnthropic } from '../src/providers/anthropic';
import { create as createBedrock } from '../src/providers/bedrock';
import { create as createGenkit } from '../src/providers/genkit';
import {
  READ_ARGS,
  READ_OUTPUT,
  runLoop,
  SEARCH_ARGS,
  SEARCH_OUTPUT,
  USER,
  fakeAwsCredentials,
} from './support/provider-fixtures';

const WIRE_ID = /^[a-zA-Z0-9_-]{1,64}$/;

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

fakeAwsCredentials();

/** Every tool_use is answered, in order, at the start of the very next (user) message. */
function expectAnthropicPairing(messages: any[]): string[] {
  const ids: string[] = [];
  messages.forEach((message, i) => {
    const uses = message.content.filter((b: any) => b.type === 'tool_use');
    if (uses.length === 0) return;
    expect(message.role).toBe('assistant');
    const next = messages[i + 1];
    expect(next.role).toBe('user');
    const results = next.content.slice(0, uses.length);
    expect(results.map((b: any) => [b.type, b.tool_use_id])).toEqual(
      uses.map((u: any) => ['tool_result', u.id]),
    );
    ids.push(...uses.map((u: any) => u.id));
  });
  return ids;
}

function expectBedrockPairing(messages: any[]): string[] {
  const ids: string[] = [];
  messages.forEach((message, i) => {
    expect(message.content.length).toBeGreaterThan(0);
    for (const block of message.content)
      if ('text' in block) expect(block.text.trim()).not.toBe('');
    const uses = message.content.filter((b: any) => b.toolUse).map((b: any) => b.toolUse);
    if (uses.length === 0) return;
    const next = messages[i + 1];
    expect(next.role).toBe('user');
    expect(next.content.slice(0, uses.length).map((b: any) => b.toolResult?.toolUseId)).toEqual(
      uses.map((u: any) => u.toolUseId),
    );
    ids.push(...uses.map((u: any) => u.toolUseId));
  });
  return ids;
}

test('a conversation moves genkit -> anthropic -> bedrock -> genkit with valid, paired requests', async () => {
  const gemini = await startGenkitServer([
    {
      text: 'Checking.',
      toolCalls: [
        { id: 'functions.read_file:0', name: 'read_file', arguments: READ_ARGS },
        { id: 'functions.search:1', name: 'search', arguments: SEARCH_ARGS },
      ],
    },
    { text: 'Gemini done.' },
    { text: 'Back on Gemini.' },
  ]);
  const claude = await startAnthropicServer([
    { toolCalls: [{ id: 'functions.read_file:0', name: 'read_file', arguments: { path: 'b' } }] },
    { text: 'Claude done.' },
  ]);
  const aws = await startBedrockServer([{ text: 'Bedrock done.' }]);
  servers = [gemini, claude, aws];

  const genkit = createGenkit({
    model: 'gemini-test',
    baseUrl: gemini.url,
    apiKey: 'k',
    maxRetries: 0,
  });
  const history: Message[] = [USER];
  const step1 = await runLoop(genkit, history);
  expect(step1.result.reason).toBe('done');
  history.push(...step1.result.messages, { role: 'user', text: 'Now read b.' });

  const anthropic = createAnthropic({
    model: 'claude-test',
    baseUrl: claude.url,
    apiKey: 'k',
    maxRetries: 0,
  });
  const step2 = await runLoop(anthropic, history);
  expect(step2.result.reason).toBe('done');
  const first = claude.requests[0]!.body.messages;
  expect(first[1]).toEqual({
    role: 'assistant',
    content: [
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: 'functions_read_file_0', name: 'read_file', input: READ_ARGS },
      { type: 'tool_use', id: 'functions_search_1', name: 'search', input: SEARCH_ARGS },
    ],
  });
  expect(first[2].content.slice(0, 2)).toEqual([
    { type: 'tool_result', tool_use_id: 'functions_read_file_0', content: READ_OUTPUT },
    { type: 'tool_result', tool_use_id: 'functions_search_1', content: SEARCH_OUTPUT },
  ]);
  const claudeIds = expectAnthropicPairing(claude.requests[1]!.body.messages);
  expect(claudeIds).toHaveLength(3);
  expect(new Set(claudeIds).size).toBe(3);
  for (const id of claudeIds) expect(id).toMatch(WIRE_ID);
  history.push(...step2.result.messages, { role: 'user', text: 'Summarise.' });

  const bedrock = createBedrock({
    model: 'm',
    baseUrl: aws.url,
    region: 'us-east-1',
    maxRetries: 0,
  });
  const step3 = await runLoop(bedrock, history);
  expect(step3.result.messages.map((m) => m.text)).toEqual(['Bedrock done.']);
  const bedrockMessages = aws.requests[0]!.body.messages;
  expect(bedrockMessages.map((m: any) => m.role)).toEqual([
    'user',
    'assistant',
    'user',
    'assistant',
    'user',
    'assistant',
    'user',
    'assistant',
    'user',
  ]);
  const bedrockIds = expectBedrockPairing(bedrockMessages);
  expect(bedrockIds).toEqual([
    'functions_read_file_0',
    'functions_search_1',
    'functions_read_file_0_2',
  ]);
  history.push(...step3.result.messages, { role: 'user', text: 'Once more.' });

  const step4 = await runLoop(genkit, history);
  expect(step4.result.messages.map((m) => m.text)).toEqual(['Back on Gemini.']);
  const contents = gemini.requests[2]!.body.contents;
  const calls = contents.flatMap((c: any) => c.parts.filter((p: any) => p.functionCall));
  const responses = contents.flatMap((c: any) => c.parts.filter((p: any) => p.functionResponse));
  expect(calls.map((p: any) => p.functionCall.id)).toEqual([
    'functions.read_file:0',
    'functions.search:1',
    'functions.read_file:0',
  ]);
  expect(responses.map((p: any) => [p.functionResponse.id, p.functionResponse.name])).toEqual([
    ['functions.read_file:0', 'read_file'],
    ['functions.search:1', 'search'],
    ['functions.read_file:0', 'read_file'],
  ]);
});
