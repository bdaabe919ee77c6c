import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ManualPerson } from '@agent/tools';
import {
  INTERRUPTED_OUTPUT,
  reduceHistory,
  REMOVED_RESULT_PLACEHOLDER,
  runToolLoop,
  type Message,
} from '@agent/llm';
import { openSavedSession } from '@agent/runtime';
import { allowAll } from '@agent/tools';
import {
  agentCore,
  ANSWERED,
  ANSWERED_JSON,
  answeringBroker,
  ANSWERS,
  ASK_ID,
  ASK_INPUT,
  ASK_JSON,
  ASK_TEXT,
  askStep,
  FINAL_TEXT,
  prompt1Items,
  prompt1Steps,
  PROMPT_1,
  PROMPT_2,
  RAW_MARKER,
  READ_ID,
  READ_INPUT,
  requestItems,
  wireIds,
} from './scenario';
import { retentionResources } from './resources';
import { WIRES } from './wires';

const { start, dirs, track } = retentionResources();

/** Interrupted questionnaires, batching with other calls, and context reduction, per provider. */
describe.each(WIRES)('ask_user under interruption and reduction over $label', (wire) => {
  test('a questionnaire pending at a crash resumes with a paired "interrupted" result', async () => {
    const { workspace, agentHome } = await dirs();
    const server = await start(wire, [wire.turn(askStep())]);
    const crashed = path.join(agentHome, 'sessions', 'crashed.jsonl');
    const broker = new ManualPerson();
    const saveErrors: Error[] = [];
    const core = track(
      await agentCore({
        provider: wire.provider(server),
        workspace,
        agentHome,
        broker,
        saveErrors,
      }),
    );
    // The process "dies" while the card is open: keep the file as it is at that moment.
    const snapshot = new Promise<void>((resolve, reject) => {
      broker.onShow(() => {
        core
          .flushSession()
          .then(() => fs.copyFile(core.sessionFile!, crashed))
          .then(() => core.interrupt())
          .then(resolve, reject);
      });
    });
    expect((await core.runTurn(PROMPT_1)).reason).toBe('interrupted');
    await snapshot;

    const lines = (await fs.readFile(crashed, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual([
      'session_start',
      'settings',
      'user',
      'assistant',
    ]);
    expect(lines[3].message.toolCalls).toMatchObject([
      { name: 'ask_user', status: 'pending', input: ASK_INPUT },
    ]);

    const next = await start(wire, [wire.turn({ text: 'Going with the recommendations.' })]);
    const resumed = track(
      await agentCore({ provider: wire.provider(next), workspace, agentHome, broker, saveErrors }),
    );
    await resumed.resume(await openSavedSession(crashed));
    expect((await resumed.runTurn('Go on with your recommendations.')).reason).toBe('done');
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

  test('Ctrl+C while the questionnaire is open: the next prompt and a resume get a paired result with the answers given', async () => {
    const { workspace, agentHome } = await dirs();
    const server = await start(
      wire,
      [askStep(), { text: 'Fine, recommendations it is.' }].map(wire.turn),
    );
    const broker = new ManualPerson();
    const saveErrors: Error[] = [];
    const core = track(
      await agentCore({
        provider: wire.provider(server),
        workspace,
        agentHome,
        broker,
        saveErrors,
      }),
    );
    // The person answers the first question, then presses Ctrl+C.
    broker.onShow((request) =>
      setImmediate(() => {
        if (request.kind === 'questionnaire') {
          request.payload.onProgress?.({ answers: [ANSWERS[0]!], custom: [true] });
        }
        void core.interrupt();
      }),
    );
    expect((await core.runTurn(PROMPT_1)).reason).toBe('interrupted');
    expect(broker.queue.pending).toEqual([]);
    expect((await core.runTurn('Go on with your recommendations.')).reason).toBe('done');

    const items = requestItems(wire, server, 1);
    const id = wire.modelIds ? ASK_ID : (items[2] as { id: string }).id;
    const interrupted = [
      { kind: 'user', text: PROMPT_1 },
      { kind: 'assistant', text: ASK_TEXT },
      { kind: 'call', id, name: 'ask_user', input: ASK_JSON },
      {
        kind: 'result',
        id,
        output: JSON.stringify({ answers: [ANSWERS[0]], cancelled: true, interrupted: true }),
        ...(wire.errorFlag ? { isError: true } : {}),
      },
      { kind: 'user', text: 'Go on with your recommendations.' },
    ];
    expect(items).toEqual(interrupted);
    const file = core.sessionFile!;
    await core.close();

    const next = await start(wire, [wire.turn({ text: 'Nothing else.' })]);
    const resumed = track(
      await agentCore({ provider: wire.provider(next), workspace, agentHome, broker, saveErrors }),
    );
    await resumed.resume(await openSavedSession(file));
    expect((await resumed.runTurn('Anything else?')).reason).toBe('done');
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
      await agentCore({
        provider: wire.provider(server),
        workspace,
        agentHome,
        broker,
        saveErrors,
      }),
    );
    expect((await core.runTurn(PROMPT_1)).reason).toBe('done');
    expect((await core.runTurn(PROMPT_2)).reason).toBe('done');
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
      await agentCore({
        provider: wire.provider(server),
        workspace,
        agentHome,
        broker: answeringBroker(ANSWERED).broker,
        toolHistory: 'full',
        saveErrors,
      }),
    );
    expect((await core.runTurn(PROMPT_1)).reason).toBe('done');
    const history: Message[] = [...core.history, { role: 'user', text: PROMPT_2 }];

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
      registry: core.registry,
      system: core.system,
      history,
      workspaceRoot: workspace,
      signal: new AbortController().signal,
      person: allowAll,
      toolHistory: 'off',
      contextWindow: 200,
    });
    expect({ reason: result.reason, error: result.error }).toEqual({ reason: 'done' });
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
