import fs from 'node:fs';
import path from 'node:path';
import { loadSession } from '@agent/session';
import { startOpenAIChatServer, type RecordedRequest } from '@agent/testkit';
import { allowAll } from '@agent/tools';
import { openSavedSession } from '../src';
import { boxSession, sessionBox } from './support/session-box';

/** A response that reads a.txt under call id `id`, as a provider that repeats ids sends it. */
const readA = (id: string) => ({
  toolCalls: [{ id, name: 'read_file', arguments: { path: 'a.txt' } }],
});

/** The call ids of the session file's recorded model responses, in order. */
async function recordedIds(file: string): Promise<string[]> {
  const { events } = await loadSession(file);
  return events.flatMap((event) =>
    event.type === 'assistant' ? event.message.toolCalls.map((call) => call.id) : [],
  );
}

/** The ids of the calls and of the results a request carried. */
function pairedIds(request: RecordedRequest): { calls: string[]; results: string[] } {
  const messages = request.body.messages as Array<Record<string, any>>;
  return {
    calls: messages.flatMap((m) => (m.tool_calls ?? []).map((call: { id: string }) => call.id)),
    results: messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id as string),
  };
}

describe('AgentSession: a call id never repeats within a session', () => {
  const box = sessionBox('call-ids');
  beforeEach(() => fs.writeFileSync(path.join(box.workspace, 'a.txt'), 'alpha\n'));

  it('an id the provider sends again after a compaction is recorded, shown and sent as a fresh one', async () => {
    box.server = await startOpenAIChatServer([
      readA('call_0'),
      { text: 'Read.' },
      { text: 'Summary: a.txt was read.' },
      readA('call_0'),
      { text: 'Read again.' },
    ]);
    const session = await boxSession(box, { person: allowAll });
    let file: string;
    try {
      await session.runTurn('read a.txt');
      expect(await session.compact(new AbortController().signal)).toMatchObject({ ok: true });
      await session.runTurn('read it again');
      file = session.sessionFile!;
      expect(session.transcriptCall('call_0_2')).toBeDefined();
    } finally {
      await session.close();
    }
    expect(await recordedIds(file)).toEqual(['call_0', 'call_0_2']);
    const started = box.events.flatMap((event) =>
      event.type === 'tool_start' ? [event.activity.id] : [],
    );
    expect(started).toEqual(['call_0', 'call_0_2']);
    expect(pairedIds(box.server.requests[4]!)).toEqual({
      calls: ['call_0_2'],
      results: ['call_0_2'],
    });
  });

  it('an id of the resumed session is not used again by a call after the resume', async () => {
    box.server = await startOpenAIChatServer([
      readA('call_0'),
      { text: 'Read.' },
      readA('call_0'),
      { text: 'Read again.' },
    ]);
    const first = await boxSession(box, { person: allowAll });
    let file: string;
    try {
      await first.runTurn('read a.txt');
      file = first.sessionFile!;
    } finally {
      await first.close();
    }
    const resumed = await boxSession(box, {
      person: allowAll,
      resume: await openSavedSession(file),
    });
    try {
      await resumed.runTurn('read it again');
    } finally {
      await resumed.close();
    }
    expect(await recordedIds(file)).toEqual(['call_0', 'call_0_2']);
    expect(pairedIds(box.server.requests[3]!)).toEqual({
      calls: ['call_0', 'call_0_2'],
      results: ['call_0', 'call_0_2'],
    });
  });
});
