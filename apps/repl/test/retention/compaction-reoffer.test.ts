import { AgentSession, openSavedSession } from '@agent/runtime';
import { loadSession, SessionWriter } from '@agent/session';
import { createAskUserTool } from '@agent/askuser';
import { allowAll, ManualPerson } from '@agent/tools';
import {
  agentCore,
  ANSWERED,
  answeringBroker,
  ASK_ID,
  ASK_TEXT,
  LARGEST,
  prompt1Steps,
  PROMPT_1,
  PROMPT_2,
  PROMPT_3,
  requestItems,
  testPerson,
  wireIds,
  type AskFixture,
} from './scenario';
import { retentionResources } from './resources';
import { WIRES, type Wire } from './wires';

const { start, dirs, track } = retentionResources();

const SUMMARY = 'Summary: the person is setting up the orders service.';

function expectVerbatim(rawBody: string, json: string): void {
  const asString = JSON.stringify(json).slice(1, -1);
  expect(rawBody.includes(json) || rawBody.includes(asString)).toBe(true);
}

/** Prompt 1 asks and is answered; /compact (keeping nothing verbatim); prompt 2; then resume. */
async function compactThenResume(wire: Wire, fixture: AskFixture): Promise<void> {
  const { workspace, agentHome } = await dirs();
  const server = await start(
    wire,
    [...prompt1Steps(fixture), { text: SUMMARY }, { text: 'Noted.' }].map(wire.turn),
  );
  const { broker } = answeringBroker(fixture);
  const saveErrors: Error[] = [];
  const core = track(
    await agentCore({ provider: wire.provider(server), workspace, agentHome, broker, saveErrors }),
  );
  expect((await core.runTurn(PROMPT_1)).reason).toBe('done');
  const compacted = await core.compact(new AbortController().signal);
  if (!compacted.ok) throw new Error(compacted.reason);
  expect((await core.runTurn(PROMPT_2)).reason).toBe('done');

  const after = server.requests[4]!;
  const items = requestItems(wire, server, 4);
  expect(items.filter((item) => item.kind === 'call')).toEqual([]);
  expect(after.rawBody).toContain(SUMMARY);
  expectVerbatim(after.rawBody, JSON.stringify(fixture.input));
  expectVerbatim(after.rawBody, fixture.resultJson);
  const file = core.sessionFile!;
  await core.close();
  expect(saveErrors).toEqual([]);

  const loaded = await loadSession(file);
  expect(loaded.warnings).toEqual([]);
  const next = await start(wire, [wire.turn({ text: 'Resumed.' })]);
  const resumed = track(
    await agentCore({
      provider: wire.provider(next),
      workspace,
      agentHome,
      broker: new ManualPerson(),
      saveErrors,
    }),
  );
  await resumed.resume(await openSavedSession(file));
  expect((await resumed.runTurn(PROMPT_3)).reason).toBe('done');
  requestItems(wire, next, 0);
  expectVerbatim(next.requests[0]!.rawBody, JSON.stringify(fixture.input));
  expectVerbatim(next.requests[0]!.rawBody, fixture.resultJson);
  expect(saveErrors).toEqual([]);
}

/** A session as a crash leaves it with the questionnaire open: the ask_user call never ended. */
async function crashedWithCardOpen(
  wire: Wire,
  agentHome: string,
  workspace: string,
  fixture: AskFixture,
) {
  const writer = await SessionWriter.create({
    agentHome,
    cwd: workspace,
    provider: wire.id,
    model: 'fake-model',
  });
  writer.recordSettings({ toolHistory: 'off' });
  writer.recordUser(PROMPT_1);
  writer.recordLoopEvent({
    type: 'assistant_message',
    message: {
      role: 'assistant',
      text: ASK_TEXT,
      toolCalls: [
        { id: ASK_ID, name: 'ask_user', input: fixture.input, status: 'pending', summary: '' },
      ],
    },
  });
  await writer.close();
  return writer.path;
}

/** Resume re-offers the open call; its answer is that call's result on the wire, then again after a restart. */
async function reofferOn(wire: Wire, fixture: AskFixture): Promise<void> {
  const { workspace, agentHome } = await dirs();
  const file = await crashedWithCardOpen(wire, agentHome, workspace, fixture);
  const server = await start(wire, [wire.turn({ text: 'Continuing.' })]);
  const { broker, shown } = answeringBroker(fixture);
  const saveErrors: Error[] = [];
  const core = track(
    await agentCore({ provider: wire.provider(server), workspace, agentHome, broker, saveErrors }),
  );
  // The runtime keeps the open call and offers it again through the person channel.
  await core.resume(await openSavedSession(file));
  expect(core.openCalls).toEqual([ASK_ID]);
  expect((await core.runTurn(undefined)).reason).toBe('done');
  expect(core.openCalls).toEqual([]);
  expect(shown).toEqual([fixture.input]);
  const items = requestItems(wire, server, 0);
  const ids = wireIds(wire, items);
  expect(items).toEqual([
    { kind: 'user', text: PROMPT_1 },
    { kind: 'assistant', text: ASK_TEXT },
    { kind: 'call', id: ids.ask, name: 'ask_user', input: JSON.stringify(fixture.input) },
    {
      kind: 'result',
      id: ids.ask,
      output: fixture.resultJson,
      ...(wire.errorFlag ? { isError: false } : {}),
    },
  ]);
  if (wire.modelIds) expect(ids.ask).toBe(ASK_ID);
  await core.close();

  const again = await loadSession(file);
  expect(again.warnings).toEqual([]);
  expect(again.events.filter((e) => e.type === 'tool_end')).toEqual([
    expect.objectContaining({ callId: ASK_ID, status: 'ok', retainedOutput: fixture.resultJson }),
  ]);
  const next = await start(wire, [wire.turn({ text: 'Resumed.' })]);
  const resumed = track(
    await agentCore({
      provider: wire.provider(next),
      workspace,
      agentHome,
      broker: new ManualPerson(),
      saveErrors,
    }),
  );
  await resumed.resume(await openSavedSession(file));
  // The answered call is not open any more: nothing is offered again.
  expect(resumed.openCalls).toEqual([]);
  expect((await resumed.runTurn(PROMPT_3)).reason).toBe('done');
  expect(requestItems(wire, next, 0).slice(0, 4)).toEqual(items);
  expect(saveErrors).toEqual([]);
}

/** Asking disabled (`--max-ask-user 0`: no ask_user tool): a history with an answered call is still accepted. */
async function disabledLater(wire: Wire): Promise<void> {
  const { workspace, agentHome } = await dirs();
  const server = await start(wire, [...prompt1Steps(ANSWERED), { text: 'Noted.' }].map(wire.turn));
  const saveErrors: Error[] = [];
  const core = track(
    await agentCore({
      provider: wire.provider(server),
      workspace,
      agentHome,
      broker: answeringBroker(ANSWERED).broker,
      saveErrors,
    }),
  );
  expect((await core.runTurn(PROMPT_1)).reason).toBe('done');
  const file = core.sessionFile!;
  await core.close();
  const next = await start(wire, [wire.turn({ text: 'Resumed without asking.' })]);
  const disabled = track(
    await AgentSession.create({
      agentHome,
      workspaceRoot: workspace,
      choice: { flags: {}, env: {}, agentHome },
      provider: wire.provider(next),
      person: allowAll,
      maxInteractive: 0,
      toolHistory: 'off',
      onEvent: (event) => {
        if (event.type === 'save_error') saveErrors.push(event.error);
      },
    }),
  );
  await disabled.resume(await openSavedSession(file));
  expect((await disabled.runTurn(PROMPT_2)).reason).toBe('done');
  const items = requestItems(wire, next, 0);
  const ids = wireIds(wire, items);
  expect(items.slice(0, 4)).toEqual([
    { kind: 'user', text: PROMPT_1 },
    { kind: 'assistant', text: ASK_TEXT },
    { kind: 'call', id: ids.ask, name: 'ask_user', input: JSON.stringify(ANSWERED.input) },
    {
      kind: 'result',
      id: ids.ask,
      output: ANSWERED.resultJson,
      ...(wire.errorFlag ? { isError: false } : {}),
    },
  ]);
  const advertised =
    next.requests[0]!.rawBody.split(PROMPT_1)[0]! +
    next.requests[0]!.rawBody.split(PROMPT_2).at(-1)!;
  expect(advertised).not.toMatch(/"name":\s*"ask_user"/);
  expect(saveErrors).toEqual([]);
}

describe.each(WIRES)(
  'ask_user retention over $label: compaction and the re-offered call',
  (wire) => {
    test('with asking disabled, an earlier answered call is still carried and accepted', async () => {
      await disabledLater(wire);
    });

    test('compaction keeps the exact questions and answers beside the summary, also after resume', async () => {
      await compactThenResume(wire, ANSWERED);
    });

    test('the largest questionnaire survives compaction byte for byte', async () => {
      await compactThenResume(wire, LARGEST);
    });

    test('a questionnaire open at a crash is answered on resume under its call id', async () => {
      await reofferOn(wire, ANSWERED);
    });
  },
);

test('automatic compaction keeps the decision ledger too (openai-chat)', async () => {
  const wire = WIRES.find((w) => w.id === 'openai-chat')!;
  const { workspace, agentHome } = await dirs();
  const server = await start(
    wire,
    [...prompt1Steps(ANSWERED), { text: SUMMARY }, { text: 'Noted.' }].map(wire.turn),
  );
  const saveErrors: Error[] = [];
  const core = track(
    await AgentSession.create({
      agentHome,
      workspaceRoot: workspace,
      choice: { flags: {}, env: {}, agentHome },
      provider: wire.provider(server),
      person: testPerson(answeringBroker(ANSWERED).broker),
      extraTools: [createAskUserTool()],
      maxInteractive: 3,
      toolHistory: 'off',
      autoCompact: 0.0001,
      onEvent: (event) => {
        if (event.type === 'save_error') saveErrors.push(event.error);
      },
    }),
  );
  expect((await core.runTurn(PROMPT_1)).reason).toBe('done');
  expect((await core.runTurn(PROMPT_2)).reason).toBe('done');
  expect(server.requests[3]!.rawBody).toContain('Summarise this conversation');
  const after = server.requests[4]!;
  requestItems(wire, server, 4);
  expect(after.rawBody).toContain(SUMMARY);
  expectVerbatim(after.rawBody, JSON.stringify(ANSWERED.input));
  expectVerbatim(after.rawBody, ANSWERED.resultJson);
  const file = core.sessionFile!;
  await core.close();
  const saved = (await loadSession(file)).events.find((e) => e.type === 'checkpoint');
  expect(saved?.type === 'checkpoint' && saved.decisions?.map((d) => d.output)).toEqual([
    ANSWERED.resultJson,
  ]);
  expect(saveErrors).toEqual([]);
});
