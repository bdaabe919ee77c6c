import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CallApproval } from '@agent/tool-contract';
import { loadSession, transcriptOf, type CallEntry, type SessionEvent } from '../src';
import { encodeEvent } from '../src/codec/encode-event';
import { fixturePath, pendingCall, tempAgentHome, testWriter } from './helpers';

const ALWAYS: CallApproval = {
  allowed: true,
  by: 'person',
  choice: 'always',
  rule: 'run_shell(npm test)',
  scope: 'workspace',
  on: 'the web page',
};
const DENIED: CallApproval = {
  allowed: false,
  by: 'person',
  choice: 'deny',
  reason: 'not on main',
  on: 'the terminal',
};

function calls(events: Parameters<typeof transcriptOf>[0]): CallEntry[] {
  return transcriptOf(events).filter((entry): entry is CallEntry => entry.kind === 'tool');
}

describe('how a call was approved, in the session file (schema 4)', () => {
  it('is written with its tool_end, read back as data, and carried by the transcript entry', async () => {
    const { home, cleanup } = await tempAgentHome();
    try {
      const writer = await testWriter(home);
      writer.recordUser('test it');
      const test = pendingCall('c1', 'run_shell', { command: 'npm test' });
      const push = pendingCall('c2', 'run_shell', { command: 'git push' });
      const plan = pendingCall('c3', 'present_plan', { plan: '# Plan' });
      writer.recordAssistant({ role: 'assistant', text: '', toolCalls: [test, push, plan] });
      writer.recordToolEnd({ ...test, status: 'ok', summary: 'npm test', approval: ALWAYS });
      writer.recordToolEnd({
        ...push,
        status: 'denied',
        summary: 'denied: not on main',
        approval: DENIED,
      });
      writer.recordToolEnd({
        ...plan,
        status: 'ok',
        summary: 'approved',
        answeredOn: 'the editor',
      });
      await writer.close();

      const lines = (await fs.readFile(writer.path, 'utf8')).trimEnd().split('\n');
      const ends = lines.map((line) => JSON.parse(line)).filter((e) => e.type === 'tool_end');
      expect(ends.map((e) => [e.approval, e.answeredOn])).toEqual([
        [ALWAYS, undefined],
        [DENIED, undefined],
        [undefined, 'the editor'],
      ]);

      const { events, warnings } = await loadSession(writer.path);
      expect(warnings).toEqual([]);
      const entries = transcriptOf(events).filter((entry) => 'activity' in entry) as CallEntry[];
      expect(entries.map((entry) => [entry.id, entry.approval, entry.answeredOn])).toEqual([
        ['c1', ALWAYS, undefined],
        ['c2', DENIED, undefined],
        ['c3', undefined, 'the editor'],
      ]);
    } finally {
      await cleanup();
    }
  });

  it("an approval this reader cannot read is left out; the call's end is kept", async () => {
    const { home, cleanup } = await tempAgentHome();
    try {
      const file = path.join(home, 'bad.jsonl');
      const start = {
        v: 4,
        type: 'session_start',
        id: 's',
        ts: 't',
        cwd: '/w',
        provider: 'p',
        model: 'm',
      };
      const end = {
        v: 4,
        type: 'tool_end',
        id: 'e',
        ts: 't',
        callId: 'c1',
        status: 'ok',
        summary: 'ls',
        approval: { allowed: true, by: 'somebody' },
      };
      await fs.writeFile(file, `${JSON.stringify(start)}\n${JSON.stringify(end)}\n`);
      const { events, warnings } = await loadSession(file);
      expect(warnings).toEqual([]);
      expect(events[1]).toMatchObject({ type: 'tool_end', callId: 'c1', status: 'ok' });
      expect((events[1] as { approval?: unknown }).approval).toBeUndefined();
    } finally {
      await cleanup();
    }
  });

  it('an approval the format cannot hold is refused when written, never dropped', () => {
    const end = {
      v: 4,
      type: 'tool_end',
      id: 'e',
      ts: 't',
      callId: 'c1',
      status: 'ok',
      summary: 'ls',
      approval: { allowed: true, by: 'somebody' },
    } as unknown as SessionEvent;
    expect(() => encodeEvent(end)).toThrow(
      /a tool_end event the session format cannot hold was not saved \("approval.by": unknown decider\)/,
    );
  });

  it('files of schema 3 still load, their calls without a record', async () => {
    const { events, warnings } = await loadSession(fixturePath('v3/session.jsonl'));
    expect(warnings).toEqual([]);
    const found = calls(events);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((call) => call.approval === undefined)).toBe(true);
  });
});
