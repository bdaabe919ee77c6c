import type { ToolActivity } from '@agent/llm';
import { promises as fs } from 'node:fs';
import {
  loadSession,
  migrateEvent,
  SESSION_SCHEMA_VERSION,
  toSessionLine,
  type SessionEvent,
} from '../src';
import { tempAgentHome, testWriter } from './helpers';

const ts = '2026-12-03T00:00:00.000Z';
const v = SESSION_SCHEMA_VERSION;

describe('the session codec', () => {
  it('writes only the fields the wire schema names, v and type first', () => {
    const call: ToolActivity = {
      id: 'c1',
      name: 'run_shell',
      input: { command: 'ls' },
      arguments: '{"command":"ls"}',
      status: 'ok',
      summary: 'ls',
      output: 'raw output, memory only',
    };
    const event = {
      v,
      type: 'assistant',
      id: 'a',
      ts,
      message: { role: 'assistant', text: 'hi', toolCalls: [call], scratch: 1 },
      notInTheFormat: true,
    } as unknown as SessionEvent;
    const line = toSessionLine(event);
    expect(line.startsWith(`{"v":${v},"type":"assistant","id":"a"`)).toBe(true);
    expect(JSON.parse(line)).toEqual({
      v,
      type: 'assistant',
      id: 'a',
      ts,
      message: {
        role: 'assistant',
        text: 'hi',
        toolCalls: [
          { id: 'c1', name: 'run_shell', input: { command: 'ls' }, status: 'ok', summary: 'ls' },
        ],
      },
    });
  });

  it('refuses to write an event the format cannot hold, saying which field', () => {
    const event = { v, type: 'tool_end', id: 'a', ts, callId: 'c', status: 'done', summary: '' };
    expect(() => toSessionLine(event as unknown as SessionEvent)).toThrow(
      '"status": unknown status',
    );
  });

  it('a usage count that is not a number (NaN) does not cost the message', async () => {
    const { home, cleanup } = await tempAgentHome();
    try {
      const writer = await testWriter(home);
      writer.recordAssistant({
        role: 'assistant',
        text: 'counted badly',
        toolCalls: [],
        usage: { inputTokens: Number.NaN, outputTokens: 3 },
      });
      await writer.close();
      const loaded = await loadSession(writer.path);
      expect(loaded.warnings).toEqual([]);
      expect(loaded.events.at(-1)).toMatchObject({ message: { text: 'counted badly' } });
    } finally {
      await cleanup();
    }
  });

  it('a bad line is skipped with the path and message of what is wrong (a call without input is fine)', async () => {
    const { home, cleanup } = await tempAgentHome();
    try {
      const writer = await testWriter(home);
      await writer.close();
      const bad = {
        v,
        type: 'assistant',
        id: 'b',
        ts,
        message: {
          role: 'assistant',
          text: '',
          toolCalls: [{ id: 'x', name: 'n', status: 'ok', summary: 7 }],
        },
      };
      await fs.appendFile(writer.path, `${JSON.stringify(bad)}\n`);
      const loaded = await loadSession(writer.path);
      expect(loaded.warnings).toEqual([
        {
          line: 2,
          reason:
            'assistant: "message.toolCalls.0.summary": expected string, received number, skipped',
        },
      ]);
    } finally {
      await cleanup();
    }
  });

  it('upgrades a v1 ask_user tool_end: the outcome becomes data, the output stays', () => {
    const output = '{"answers":["SQLite"],"also_answered":{"3":"A VM"},"cancelled":true}';
    const result = migrateEvent({
      v: 1,
      type: 'tool_end',
      id: 'e',
      ts,
      callId: 'c',
      status: 'ok',
      summary: 'cancelled after 2 of 3',
      retainedOutput: output,
      retainedDetails: { custom: [true] },
    });
    expect(result).toEqual({
      ok: true,
      newer: false,
      event: {
        v,
        type: 'tool_end',
        id: 'e',
        ts,
        callId: 'c',
        status: 'ok',
        summary: 'cancelled after 2 of 3',
        retainedOutput: output,
        questionnaire: {
          answers: ['SQLite'],
          cancelled: true,
          custom: [true],
          later: [{ question: 2, answer: 'A VM' }],
        },
      },
    });
    // Another tool's details are left as they are.
    const plan = { decision: 'approve', mode: 'default' };
    expect(
      migrateEvent({
        v: 1,
        type: 'tool_end',
        id: 'f',
        ts,
        callId: 'p',
        status: 'ok',
        summary: '',
        retainedOutput: 'approved',
        retainedDetails: plan,
      }),
    ).toMatchObject({ ok: true, event: { retainedDetails: plan } });
  });
});
