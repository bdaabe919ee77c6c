import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ManualPerson } from '@agent/tools';
import { openSavedSession } from '@agent/runtime';
import { loadSession } from '@agent/session';
import {
  agentCore,
  ANSWERED,
  answeringBroker,
  AUTH_WORDS,
  CANCELLED,
  LARGEST,
  MULTI,
  prompt1Items,
  prompt1Steps,
  PROMPT_1,
  PROMPT_2,
  PROMPT_3,
  RAW_MARKER,
  READ_STATUS,
  requestItems,
  wireIds,
  type AskFixture,
  type Ids,
} from './scenario';
import { retentionResources } from './resources';
import { WIRES, type Wire } from './wires';

const { start, dirs, track } = retentionResources();

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
    await agentCore({ provider: wire.provider(server), workspace, agentHome, broker, saveErrors }),
  );

  expect((await core.runTurn(PROMPT_1)).reason).toBe('done');
  expect(shown).toEqual([fixture.input]);
  // Within prompt 1's loop the model does read the raw file (so the marker is observable).
  expect(server.requests[2]!.rawBody).toContain(RAW_MARKER);

  expect((await core.runTurn(PROMPT_2)).reason).toBe('done');
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

  const file = core.sessionFile!;
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
    'settings',
    'user',
    'assistant',
    'tool_end',
    'assistant',
    'tool_end',
    'assistant',
    'user',
    'assistant',
  ]);
  expect(loaded.events[1]).toMatchObject({ type: 'settings', toolHistory: 'off' });
  const askEnd = loaded.events.find((e) => e.type === 'tool_end' && e.callId === ids.ask);
  expect(askEnd).toMatchObject({ status: 'ok', retainedOutput: fixture.resultJson });

  const next = await start(wire, [wire.turn({ text: 'Resumed.' })]);
  const saveErrors: Error[] = [];
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

  test('a multi-select answer (a list of exact options, then typed text) survives byte for byte', async () => {
    await resumeOn(wire, await recordTwoPrompts(wire, MULTI));
  });

  const other = WIRES[(WIRES.indexOf(wire) + 1) % WIRES.length]!;
  test(`a session recorded over ${other.label} resumes here with the exact questions and answers`, async () => {
    await resumeOn(wire, await recordTwoPrompts(other, ANSWERED));
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
