import {
  bedrockExceptionFrame,
  bedrockFrames,
  startBedrockServer,
  startFakeServer,
} from '@agent/testkit';
import { create } from '../src/providers/bedrock';
import type { Message } from '../src/messages';
import {
  closedAfterEach,
  collect,
  endOf,
  READ_ARGS,
  READ_OUTPUT,
  request,
  runLoop,
  TOOLS,
  SEARCH_ARGS,
  SEARCH_OUTPUT,
  textOf,
  USER,
  fakeAwsCredentials,
} from './support/provider-fixtures';
import { describeAdapterScenarios, type ScenarioAdapter } from './support/provider-scenarios';

fakeAwsCredentials();

const closeAfter = closedAfterEach();

function provider(url: string, maxRetries = 0) {
  return create({
    model: 'anthropic.claude-test-v1:0',
    baseUrl: url,
    region: 'eu-west-1',
    maxRetries,
  });
}

describe('bedrock adapter against the ConverseStream fake', () => {
  const adapter: ScenarioAdapter = {
    start: startBedrockServer,
    provider: (url, maxRetries) => provider(url, maxRetries),
    ids: ['tooluse_A1', 'tooluse_B2'],
    inputTokens: [120, 200],
    reportedInputTokens: 220,
    checkFirstTurn: (events) =>
      expect(events.filter((e) => e.type === 'tool_call_delta').length).toBeGreaterThanOrEqual(8),
    checkFollowUp: (server) => {
      const sent = server.requests[1]!;
      expect(sent.path).toBe('/model/anthropic.claude-test-v1%3A0/converse-stream');
      expect(String(sent.headers['authorization'])).toContain('Credential=AKIDFAKE/');
      expect(String(sent.headers['authorization'])).toContain('/eu-west-1/bedrock/');
      expect(sent.body.system).toEqual([{ text: 'You are terse.' }]);
      expect(sent.body.toolConfig).toEqual({
        tools: TOOLS.map((t) => ({
          toolSpec: {
            name: t.name,
            description: t.description,
            inputSchema: { json: t.parameters },
          },
        })),
      });
      expect(Object.keys(sent.body).sort()).toEqual(['messages', 'system', 'toolConfig']);
      expect(sent.body.messages).toEqual([
        { role: 'user', content: [{ text: 'Look at the docs please' }] },
        {
          role: 'assistant',
          content: [
            { text: 'Let me check — ünïcode ✓.' },
            { toolUse: { toolUseId: 'tooluse_A1', name: 'read_file', input: READ_ARGS } },
            { toolUse: { toolUseId: 'tooluse_B2', name: 'search', input: SEARCH_ARGS } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              toolResult: {
                toolUseId: 'tooluse_A1',
                content: [{ text: READ_OUTPUT }],
                status: 'success',
              },
            },
            {
              toolResult: {
                toolUseId: 'tooluse_B2',
                content: [{ text: SEARCH_OUTPUT }],
                status: 'success',
              },
            },
          ],
        },
      ]);
    },
  };
  describeAdapterScenarios(adapter, {
    hang: {
      text: 'never finishes',
      fault: { kind: 'hang', afterEvents: 2 },
    },
    faults: {
      retried429: { message: 'Too many requests, please wait before trying again.' },
      serverError: {
        message: 'The server encountered an internal error.',
        shows: 'internal error',
        status: 500,
      },
      rejectedKey: {
        status: 403,
        message: 'The security token included in the request is invalid.',
        names: [
          'security token included in the request is invalid',
          'AWS_ACCESS_KEY_ID',
          'AWS_BEARER_TOKEN_BEDROCK',
        ],
      },
    },
  });

  test('malformed arguments: the call ends with the raw text, replays as {} with a paired error result', async () => {
    const server = closeAfter(
      await startBedrockServer([
        {
          text: 'Reading',
          toolCalls: [{ id: 'tooluse_bad', name: 'read_file', arguments: '{"path": [1,' }],
        },
        {
          text: 'Reading',
          toolCalls: [{ id: 'tooluse_bad', name: 'read_file', arguments: '{"path": [1,' }],
        },
        { text: 'sorry' },
      ]),
    );
    const bedrock = provider(server.url);
    const first = await collect(bedrock, request([USER]));
    expect(first.find((e) => e.type === 'tool_call_end')).toMatchObject({
      arguments: '{"path": [1,',
    });
    const { result } = await runLoop(bedrock, [USER]);
    expect(result.reason).toBe('done');
    expect(result.messages.at(-1)!.text).toBe('sorry');
    const [, asst, results] = server.requests[2]!.body.messages;
    expect(asst.content[1]).toEqual({
      toolUse: { toolUseId: 'tooluse_bad', name: 'read_file', input: {} },
    });
    expect(results.content).toEqual([
      {
        toolResult: {
          toolUseId: 'tooluse_bad',
          content: [{ text: expect.stringMatching(/\S/) }],
          status: 'error',
        },
      },
    ]);
  });

  test('empty outputs and blank text never reach the wire; tools named only in history are declared', async () => {
    const server = closeAfter(await startBedrockServer([{ text: 'fine' }]));
    const history: Message[] = [
      USER,
      {
        role: 'assistant',
        text: '\n',
        toolCalls: [
          {
            id: 'tooluse_e',
            name: 'read_file',
            input: { path: 'x' },
            status: 'ok',
            summary: 'read 0 lines',
            output: '',
          },
        ],
      },
      { role: 'user', text: 'and now?' },
    ];
    await collect(provider(server.url), request(history, []));
    const body = server.requests[0]!.body;
    expect(body.messages).toEqual([
      { role: 'user', content: [{ text: 'Look at the docs please' }] },
      {
        role: 'assistant',
        content: [{ toolUse: { toolUseId: 'tooluse_e', name: 'read_file', input: { path: 'x' } } }],
      },
      {
        role: 'user',
        content: [
          {
            toolResult: {
              toolUseId: 'tooluse_e',
              content: [{ text: '[ok] read_file: read 0 lines' }],
              status: 'success',
            },
          },
          { text: 'and now?' },
        ],
      },
    ]);
    expect(body.toolConfig.tools).toEqual([
      {
        toolSpec: {
          name: 'read_file',
          description: 'read_file',
          inputSchema: { json: { type: 'object' } },
        },
      },
    ]);
  });

  test('a stream cut mid-call ends as an error and never completes the half call', async () => {
    const server = closeAfter(
      await startBedrockServer([
        {
          text: ['Let me ', 'look'],
          toolCalls: [{ id: 'tooluse_cut', name: 'read_file', arguments: READ_ARGS }],
          fault: { kind: 'cut', afterEvents: 6 },
        },
      ]),
    );
    const events = await collect(provider(server.url), request([USER]));
    expect(textOf(events)).toBe('Let me look');
    expect(events.some((e) => e.type === 'tool_call_start')).toBe(true);
    expect(events.some((e) => e.type === 'tool_call_end')).toBe(false);
    const end = endOf(events);
    expect(end.stopReason).toBe('error');
    expect(end.error?.kind).toBe('stream_cut');
  });

  test('a throttlingException frame mid-stream ends as rate limited after the text so far', async () => {
    const server = closeAfter(
      await startFakeServer(
        {
          handles: () => true,
          contentType: 'application/vnd.amazon.eventstream',
          encode: (turn) => [...bedrockFrames(turn).slice(0, 2), bedrockExceptionFrame()],
          errorBody: () => '{}',
        },
        [{ text: ['partial ', 'rest'] }],
      ),
    );
    const events = await collect(provider(server.url), request([USER]));
    expect(textOf(events)).toBe('partial ');
    const end = endOf(events);
    expect(end.error?.kind).toBe('rate_limit');
    expect(end.error?.message).toContain('Too many tokens');
  });

  test('an apiKey option is sent as a Bedrock API key (bearer token) instead of SigV4', async () => {
    const server = closeAfter(await startBedrockServer([{ text: 'hello' }]));
    const bedrock = create({
      model: 'm',
      baseUrl: server.url,
      apiKey: 'bedrock-api-key-1',
      maxRetries: 0,
    });
    const events = await collect(bedrock, request([USER]));
    expect(textOf(events)).toBe('hello');
    expect(server.requests[0]!.headers['authorization']).toBe('Bearer bedrock-api-key-1');
  });

  test('no AWS credentials anywhere ends with an auth error naming what to set, without a request', async () => {
    const server = closeAfter(await startBedrockServer([{ text: 'x' }]));
    const saved = { ...process.env };
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    delete process.env.AWS_WEB_IDENTITY_TOKEN_FILE;
    delete process.env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI;
    delete process.env.AWS_CONTAINER_CREDENTIALS_FULL_URI;
    process.env.AWS_EC2_METADATA_DISABLED = 'true';
    process.env.AWS_SHARED_CREDENTIALS_FILE = '/nonexistent/aws-credentials';
    process.env.AWS_CONFIG_FILE = '/nonexistent/aws-config';
    try {
      const end = endOf(await collect(provider(server.url), request([USER])));
      expect(end.error?.kind).toBe('auth');
      expect(end.error?.message).toContain('AWS_ACCESS_KEY_ID');
      expect(server.requests).toHaveLength(0);
    } finally {
      process.env = saved;
    }
  });
});
