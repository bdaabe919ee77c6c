import { promises as fs } from 'node:fs';
import path from 'node:path';
import { AskUserBroker } from '@agent/askuser';
import {
  INTERRUPTED_OUTPUT,
  reduceHistory,
  REMOVED_RESULT_PLACEHOLDER,
  runToolLoop,
  type Message,
} from '@agent/llm';
import { loadSession, projectSession } from '@agent/session';
import { allowAll } from '@agent/tools';
import type { FakeServer, ScriptedTurn } from '@agent/testkit';
import type { AgentCore } from '../../src/app/agent-core';
import {
  agentCore,
  ANSWERED,
  ANSWERED_JSON,
  answeringBroker,
  ASK_ID,
  ASK_INPUT,
  ASK_JSON,
  ASK_TEXT,
  FINAL_TEXT,
  READ_ID,
  READ_INPUT,
  askStep,
  CANCELLED,
  LARGEST,
  AUTH_WORDS,
  prompt1Items,
  PROMPT_1,
  prompt1Steps,
  PROMPT_2,
  PROMPT_3,
  RAW_MARKER,
  READ_STATUS,
  requestItems,
  tempDirs,
  wireIds,
  type AskFixture,
  type Ids,
} from './scenario';
import { useFakeAwsCredentials, WIRES, type Wire } from './wires';

let aws: { restore(): void };
beforeAll(() => {
  aws = useFakeAwsCredentials();
});
afterAll(() => aws.restore());

let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function start(wire: Wire, script: ScriptedTurn[]): Promise<FakeServer> {
  const server = await wire.start(script);
  cleanup.push(() => server.close());
  return server;
}

async function dirs() {
  const made = await tempDirs();
  cleanup.push(made.dispose);
  return made;
}

function track(core: AgentCore): AgentCore {
  cleanup.push(() => core.close());
  return core;
}

interface Recorded {
  file: string;
  ids: Ids;
  fixture: AskFixture;
  workspace: string;
  agentHome: string;
}

/** The conversation items of a request without the turns that carry the ask_user result. */
function withoutAskResult(body: any): any {
  const key = ['messages', 'input', 'contents'].find((name) => Array.isArray(body[name]))!;
  const kept = body[key].filter((entry: unknown) => !JSON.stringify(entry).includes('cancelled'));
  return { ...body, [key]: kept };
}

/** The raw HTTP body holds `json` byte for byte, as a JSON value or inside a JSON string. */
function expectVerbatim(rawBody: string, json: string): void {
  const asString = JSON.stringify(json).slice(1, -1);
  expect(rawBody.includes(json) || rawBody.includes(asString)).toBe(true);
}

/**
 * Prompt 1 asks (answered or cancelled), reads a file and answers; prompt 2 follows in the same
 * process. Prompt 2's request must carry the exact questions and result and no raw file output;
 * the session file must hold the whole conversation.
 */
async function recordTwoPrompts(wire: Wire, fixture: AskFixture): Promise<Recorded> {
  const { workspace, agentHome } = await dirs();
  const server = await start(wire, [...prompt1Steps(fixture), { text: 'Noted.' }].map(wire.turn));
  const { broker, shown } = answeringBroker(fixture);
  const saveErrors: Error[] = [];
  const core = track(
    agentCore({ provider: wire.provider(server), workspace, agentHome, broker, saveErrors }),
  );

  expect(await core.runTurn(PROMPT_1)).toBe('done');
  expect(shown.map((request) => request.questionnaire)).toEqual([fixture.input]);
  // Within prompt 1's loop the model does read the raw file (so the marker is observable).
  expect(server.requests[2]!.rawBody).toContain(RAW_MARKER);

  expect(await core.runTurn(PROMPT_2)).toBe('done');
  expect(server.requests).toHaveLength(4);
  for (let i = 0; i < 4; i++) requestItems(wire, server, i);
  const later = requestItems(wire, server, 3);
  const ids = wireIds(wire, later);
  expect(later).toEqual([
    ...prompt1Items(wire, ids, { ask: fixture.resultJson, read: READ_STATUS }, fixture),
    { kind: 'user', text: PROMPT_2 },
  ]);
  expect(server.requests[3]!.rawBody).not.toContain(RAW_MARKER);
  expectVerbatim(server.requests[3]!.rawBody, JSON.stringify(fixture.input));
  expectVerbatim(server.requests[3]!.rawBody, fixture.resultJson);
  // The pairing check is live: the same request without the ask_user result is refused.
  expect(() => wire.view(withoutAskResult(server.requests[3]!.body))).toThrow(/would reject/);

  const file = core.writer!.path;
  expect(path.dirname(file)).toBe(path.join(agentHome, 'sessions'));
  await core.close();
  expect(saveErrors).toEqual([]);
  expect(await fs.readFile(file, 'utf8')).not.toContain(RAW_MARKER);
  return { file, ids, fixture, workspace, agentHome };
}

/** As after a restart: a fresh read of the file, a fresh projection, a fresh provider; prompt 3. */
async function resumeOn(wire: Wire, recorded: Recorded): Promise<void> {
  const { file, ids, fixture, workspace, agentHome } = recorded;
  const loaded = await loadSession(file);
  expect(loaded.warnings).toEqual([]);
  expect(loaded.events.map((event) => event.type)).toEqual([
    'session_start',
    'user',
    'assistant',
    'tool_end',
    'assistant',
    'tool_end',
    'assistant',
    'user',
    'assistant',
  ]);
  const askEnd = loaded.events.find((e) => e.type === 'tool_end' && e.callId === ids.ask);
  expect(askEnd).toMatchObject({ status: 'ok', retainedOutput: fixture.resultJson });

  const next = await start(wire, [wire.turn({ text: 'Resumed.' })]);
  const saveErrors: Error[] = [];
  const resumed = track(
    agentCore({
      provider: wire.provider(next),
      workspace,
      agentHome,
      broker: new AskUserBroker(),
      saveErrors,
    }),
  );
  await resumed.adopt(file, projectSession(loaded.events).messages);
  expect(await resumed.runTurn(PROMPT_3)).toBe('done');
  expect(requestItems(wire, next, 0)).toEqual([
    ...prompt1Items(wire, ids, { ask: fixture.resultJson, read: READ_STATUS }, fixture),
    { kind: 'user', text: PROMPT_2 },
    { kind: 'assistant', text: 'Noted.' },
    { kind: 'user', text: PROMPT_3 },
  ]);
  expect(next.requests[0]!.rawBody).not.toContain(RAW_MARKER);
  expectVerbatim(next.requests[0]!.rawBody, JSON.stringify(fixture.input));
  expectVerbatim(next.requests[0]!.rawBody, fixture.resultJson);
  expect(saveErrors).toEqual([]);
}

describe.each(WIRES)('ask_user retention over $label (tool history off)', (wire) => {
  test('the exact questions and answers reach the next prompt and a resumed session', async () => {
    await resumeOn(wire, await recordTwoPrompts(wire, ANSWERED));
  });

  test('the largest valid questionnaire and longest typed answers survive byte for byte', async () => {
    await resumeOn(wire, await recordTwoPrompts(wire, LARGEST));
  });

  const other = WIRES[(WIRES.indexOf(wire) + 1) % WIRES.length]!;
  test(`a session recorded over ${other.label} resumes here with the exact questions and answers`, async () => {
    await resumeOn(wire, await recordTwoPrompts(other, ANSWERED));
  });

  test('a questionnaire pending at a crash resumes with a paired "interrupted" result', async () => {
    const { workspace, agentHome } = await dirs();
    const server = await start(wire, [wire.turn(askStep())]);
    const crashed = path.join(agentHome, 'sessions', 'crashed.jsonl');
    const broker = new AskUserBroker();
    const saveErrors: Error[] = [];
    const core = track(
      agentCore({ provider: wire.provider(server), workspace, agentHome, broker, saveErrors }),
    );
    // The process "dies" while the card is open: keep the file as it is at that moment.
    const snapshot = new Promise<void>((resolve, reject) => {
      broker.onRequest(() => {
        const writer = core.writer!;
        writer
          .flush()
          .then(() => fs.copyFile(writer.path, crashed))
          .then(() => core.interrupt())
          .then(resolve, reject);
      });
    });
    expect(await core.runTurn(PROMPT_1)).toBe('interrupted');
    await snapshot;

    const lines = (await fs.readFile(crashed, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual(['session_start', 'user', 'assistant']);
    expect(lines[2].message.toolCalls).toMatchObject([
      { name: 'ask_user', status: 'pending', input: ASK_INPUT },
    ]);

    const next = await start(wire, [wire.turn({ text: 'Going with the recommendations.' })]);
    const resumed = track(
      agentCore({ provider: wire.provider(next), workspace, agentHome, broker, saveErrors }),
    );
    await resumed.adopt(crashed, projectSession((await loadSession(crashed)).events).messages);
    expect(await resumed.runTurn('Go on with your recommendations.')).toBe('done');
    const items = requestItems(wire, next, 0);
    const id = wire.modelIds ? ASK_ID : (items[2] as { id: string }).id;
    expect(items).toEqual([
      { kind: 'user', text: PROMPT_1 },
      { kind: 'assistant', text: ASK_TEXT },
      { kind: 'call', id, name: 'ask_user', input: ASK_JSON },
      {
        kind: 'result',
        id,
        output: INTERRUPTED_OUTPUT,
        ...(wire.errorFlag ? { isError: true } : {}),
      },
      { kind: 'user', text: 'Go on with your recommendations.' },
    ]);
    expect(saveErrors).toEqual([]);
  });

  test('Ctrl+C while the questionnaire is open: the next prompt and a resume get a paired result', async () => {
    const { workspace, agentHome } = await dirs();
    const server = await start(
      wire,
      [askStep(), { text: 'Fine, recommendations it is.' }].map(wire.turn),
    );
    const broker = new AskUserBroker();
    const saveErrors: Error[] = [];
    const core = track(
      agentCore({ provider: wire.provider(server), workspace, agentHome, broker, saveErrors }),
    );
    broker.onRequest(() => setImmediate(() => void core.interrupt()));
    expect(await core.runTurn(PROMPT_1)).toBe('interrupted');
    expect(broker.hasPending()).toBe(false);
    expect(await core.runTurn('Go on with your recommendations.')).toBe('done');

    const items = requestItems(wire, server, 1);
    const id = wire.modelIds ? ASK_ID : (items[2] as { id: string }).id;
    const interrupted = [
      { kind: 'user', text: PROMPT_1 },
      { kind: 'assistant', text: ASK_TEXT },
      { kind: 'call', id, name: 'ask_user', input: ASK_JSON },
      {
        kind: 'result',
        id,
        output: 'interrupted: the person stopped the turn before ask_user finished',
        ...(wire.errorFlag ? { isError: true } : {}),
      },
      { kind: 'user', text: 'Go on with your recommendations.' },
    ];
    expect(items).toEqual(interrupted);
    const file = core.writer!.path;
    await core.close();

    const next = await start(wire, [wire.turn({ text: 'Nothing else.' })]);
    const resumed = track(
      agentCore({ provider: wire.provider(next), workspace, agentHome, broker, saveErrors }),
    );
    await resumed.adopt(file, projectSession((await loadSession(file)).events).messages);
    expect(await resumed.runTurn('Anything else?')).toBe('done');
    expect(requestItems(wire, next, 0)).toEqual([
      ...interrupted,
      { kind: 'assistant', text: 'Fine, recommendations it is.' },
      { kind: 'user', text: 'Anything else?' },
    ]);
    expect(saveErrors).toEqual([]);
  });

  test('ask_user batched with read_file: read_file skipped, both paired, the answer retained', async () => {
    const { workspace, agentHome } = await dirs();
    const batched = {
      text: ASK_TEXT,
      calls: [
        { id: ASK_ID, name: 'ask_user', input: ASK_INPUT },
        { id: READ_ID, name: 'read_file', input: READ_INPUT },
      ],
    };
    const steps = [batched, { text: FINAL_TEXT }, { text: 'Noted.' }];
    const server = await start(wire, steps.map(wire.turn));
    const saveErrors: Error[] = [];
    const { broker } = answeringBroker(ANSWERED);
    const core = track(
      agentCore({ provider: wire.provider(server), workspace, agentHome, broker, saveErrors }),
    );
    expect(await core.runTurn(PROMPT_1)).toBe('done');
    expect(await core.runTurn(PROMPT_2)).toBe('done');
    const items = requestItems(wire, server, 2);
    const ids = wireIds(wire, items);
    const flag = (isError: boolean) => (wire.errorFlag ? { isError } : {});
    expect(items).toEqual([
      { kind: 'user', text: PROMPT_1 },
      { kind: 'assistant', text: ASK_TEXT },
      { kind: 'call', id: ids.ask, name: 'ask_user', input: ASK_JSON },
      { kind: 'call', id: ids.read, name: 'read_file', input: JSON.stringify(READ_INPUT) },
      { kind: 'result', id: ids.ask, output: ANSWERED_JSON, ...flag(false) },
      {
        kind: 'result',
        id: ids.read,
        output: '[skipped] read_file: skipped: ask_user took precedence',
        ...flag(true),
      },
      { kind: 'assistant', text: FINAL_TEXT },
      { kind: 'user', text: PROMPT_2 },
    ]);
    expect(server.requests[2]!.rawBody).not.toContain(RAW_MARKER);
    expect(saveErrors).toEqual([]);
  });

  test('context reduction prunes old tool results but never the retained ask_user result', async () => {
    const { workspace, agentHome } = await dirs();
    const server = await start(
      wire,
      [...prompt1Steps(ANSWERED), { text: 'Still MySQL.' }].map(wire.turn),
    );
    const saveErrors: Error[] = [];
    const core = track(
      agentCore({
        provider: wire.provider(server),
        workspace,
        agentHome,
        broker: answeringBroker(ANSWERED).broker,
        toolHistory: 'full',
        saveErrors,
      }),
    );
    expect(await core.runTurn(PROMPT_1)).toBe('done');
    const history: Message[] = [...core.messages, { role: 'user', text: PROMPT_2 }];

    const reduced = reduceHistory(history, 1);
    expect(reduced.replaced).toBe(1);
    const calls = reduced.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []));
    expect(calls.map((call) => [call.name, call.output, call.retainedOutput])).toEqual([
      ['ask_user', ANSWERED_JSON, ANSWERED_JSON],
      ['read_file', REMOVED_RESULT_PLACEHOLDER, undefined],
    ]);

    // The loop reduces the same way on its own when a request would not fit the window.
    const result = await runToolLoop({
      provider: core.provider,
      registry: core.options.registry,
      system: core.options.system,
      history,
      workspaceRoot: workspace,
      signal: new AbortController().signal,
      permissions: allowAll,
      toolHistory: 'off',
      contextWindow: 200,
    });
    expect(result.reason).toBe('done');
    const items = requestItems(wire, server, 3);
    expect(items).toEqual([
      ...prompt1Items(wire, wireIds(wire, items), {
        ask: ANSWERED_JSON,
        read: REMOVED_RESULT_PLACEHOLDER,
      }),
      { kind: 'user', text: PROMPT_2 },
    ]);
  });
});

test('a cancelled questionnaire keeps its one answer and cancelled: true (anthropic)', async () => {
  const anthropic = WIRES.find((wire) => wire.id === 'anthropic')!;
  await resumeOn(anthropic, await recordTwoPrompts(anthropic, CANCELLED));
});

test('security words that are not secrets survive the session file exactly (openai-chat)', async () => {
  const chat = WIRES.find((wire) => wire.id === 'openai-chat')!;
  await resumeOn(chat, await recordTwoPrompts(chat, AUTH_WORDS));
});
