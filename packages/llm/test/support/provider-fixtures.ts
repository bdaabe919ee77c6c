import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowAll, defineTool, ToolRegistry, type ToolSpec } from '@agent/tools';
import type { FakeServer, ScriptedTurn } from '@agent/testkit';
import { z } from 'zod/v4';
import { prepareMessages } from '../../src/history';
import { runToolLoop, type LoopEvent, type LoopResult } from '../../src/loop';
import type { AssistantMessage, Message, ToolActivity } from '../../src/messages';
import type { Provider, ProviderRequest, StreamEvent } from '../../src/provider';

/** The scripted conversation and helpers shared by every provider adapter test. */

export const SYSTEM = 'You are terse.';

export const READ_OUTPUT = 'line 1: "héllo"\nline 2: 日本語';
export const SEARCH_OUTPUT = 'no matches for say "hi"';

const readFile = defineTool({
  name: 'read_file',
  description: 'Read a file',
  inputSchema: z.object({ path: z.string() }),
  permission: 'read',
  execute: async () => ({ output: READ_OUTPUT, summary: 'read 2 lines' }),
});

const search = defineTool({
  name: 'search',
  description: 'Search files',
  inputSchema: z.object({ query: z.string(), globs: z.array(z.array(z.string())).optional() }),
  permission: 'read',
  execute: async () => ({ output: SEARCH_OUTPUT, summary: 'no matches' }),
});

export function registry(): ToolRegistry {
  return new ToolRegistry([readFile, search]);
}

export const TOOLS: ToolSpec[] = registry().specs();

export const USER: Message = { role: 'user', text: 'Look at the docs please' };
export const FIRST_TEXT = 'Let me check — ünïcode ✓.';
export const FINAL_TEXT = 'Both done: the file says héllo.';
export const READ_ARGS = { path: 'docs/"quoted" naïve 日本語 🚀.md' };
export const SEARCH_ARGS = { query: 'say \\"hi\\" — ok', globs: [['src/**', 'test/**'], ['*.md']] };

/**
 * Turn 1 streams text and calls both tools with arguments in 5 fragments; turn 2 answers.
 * `inputTokens` are the scripted input counts of the two turns (100 of turn 1 are cached).
 */
export function twoTurnScript(
  ids: [string, string] = ['call_A', 'call_B'],
  inputTokens: [number, number] = [220, 300],
): ScriptedTurn[] {
  return [
    {
      text: ['Let me ', 'check — ', 'ünïcode ✓.'],
      toolCalls: [
        { id: ids[0], name: 'read_file', arguments: READ_ARGS },
        { id: ids[1], name: 'search', arguments: SEARCH_ARGS },
      ],
      argumentFragments: 5,
      usage: { inputTokens: inputTokens[0], outputTokens: 40, cachedTokens: 100 },
    },
    {
      text: ['Both done: ', 'the file says héllo.'],
      usage: { inputTokens: inputTokens[1], outputTokens: 9 },
    },
  ];
}

/** A request as the history boundary prepares it (adapters receive nothing else). */
export function request(messages: Message[], tools: ToolSpec[] = TOOLS): ProviderRequest {
  return { system: SYSTEM, messages: prepareMessages(messages), tools };
}

export async function collect(
  provider: Provider,
  req: ProviderRequest,
  signal: AbortSignal = new AbortController().signal,
): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of provider.stream(req, signal)) events.push(event);
  return events;
}

export function textOf(events: StreamEvent[]): string {
  return events.map((e) => (e.type === 'text_delta' ? e.text : '')).join('');
}

/** The one end event, asserting it is unique and last. */
export function endOf(events: StreamEvent[]): Extract<StreamEvent, { type: 'end' }> {
  const ends = events.filter((e) => e.type === 'end');
  expect(ends).toHaveLength(1);
  expect(events.at(-1)).toBe(ends[0]);
  return ends[0] as Extract<StreamEvent, { type: 'end' }>;
}

export function callsOf(
  events: StreamEvent[],
): Array<Extract<StreamEvent, { type: 'tool_call_end' }>> {
  return events.filter((e) => e.type === 'tool_call_end') as Array<
    Extract<StreamEvent, { type: 'tool_call_end' }>
  >;
}

/** The assistant message a loop would record, each call answered from `outputs` by name. */
export function assistantFrom(
  events: StreamEvent[],
  outputs: Record<string, string>,
): AssistantMessage {
  const toolCalls: ToolActivity[] = callsOf(events).map((call) => {
    let input: unknown;
    try {
      input = JSON.parse(call.arguments);
    } catch {
      input = call.arguments;
    }
    const output = outputs[call.name];
    return {
      id: call.id,
      name: call.name,
      input,
      status: output === undefined ? 'error' : 'ok',
      summary: `${call.name} ran`,
      output: output ?? 'invalid arguments: not JSON',
    };
  });
  return { role: 'assistant', text: textOf(events), toolCalls };
}

/** Resolves once `predicate` holds, polling (for "the server received the request" checks). */
export async function waitFor(predicate: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Runs the real tool loop over `provider` with the two read-only tools. */
export async function runLoop(
  provider: Provider,
  history: Message[],
  signal: AbortSignal = new AbortController().signal,
): Promise<{ result: LoopResult; events: LoopEvent[] }> {
  const events: LoopEvent[] = [];
  const result = await runToolLoop({
    provider,
    registry: registry(),
    system: SYSTEM,
    history,
    workspaceRoot: process.cwd(),
    signal,
    person: allowAll,
    onEvent: (event) => events.push(event),
  });
  return { result, events };
}

/** A loopback URL nobody listens on. */
export async function closedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Registers an afterEach that closes the server last passed to the returned function. */
export function closedAfterEach(): (server: FakeServer) => FakeServer {
  let open: FakeServer | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });
  return (server) => (open = server);
}

const AWS_ENV = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_BEARER_TOKEN_BEDROCK',
  'AWS_PROFILE',
  'AWS_REGION',
];

/**
 * For the calling file's tests, the fake Bedrock key pair (AKIDFAKE) instead of whatever AWS
 * credentials the machine has (no profile, session token or bearer token), and `region` when
 * given; the environment is restored after them.
 */
export function fakeAwsCredentials(region?: string): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const name of AWS_ENV) saved[name] = process.env[name];
    delete process.env.AWS_BEARER_TOKEN_BEDROCK;
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_PROFILE;
    process.env.AWS_ACCESS_KEY_ID = 'AKIDFAKE';
    process.env.AWS_SECRET_ACCESS_KEY = 'fake-secret';
    if (region !== undefined) process.env.AWS_REGION = region;
  });
  afterAll(() => {
    for (const name of AWS_ENV) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
}
