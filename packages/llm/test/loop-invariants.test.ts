import * as fc from 'fast-check';
import { defineTool } from '@agent/tools';
import { z } from 'zod/v4';
import type { StreamEvent, ToolHistoryMode } from '../src';
import { aborted, call, end } from '../src/testing';
import { startLoop } from './support/run';
import {
  Effects,
  RecordingPermissions,
  askTool,
  echoTool,
  failingTool,
  asker,
  firstOptions,
  writeTool,
} from './support/test-tools';

type Kind = 'ok' | 'tool-error' | 'crash' | 'unknown' | 'malformed' | 'ask' | 'write' | 'ctrl-c';

const kinds: Kind[] = [
  'ok',
  'tool-error',
  'crash',
  'unknown',
  'malformed',
  'ask',
  'write',
  'ctrl-c',
];

function events(kind: Kind, id: string): StreamEvent[] {
  switch (kind) {
    case 'ok':
      return call(id, 'echo', { text: id });
    case 'tool-error':
    case 'crash':
      return call(id, 'fail', { mode: kind });
    case 'unknown':
      return call(id, 'no_such_tool', {});
    case 'malformed':
      return call(id, 'echo', '{"text": ');
    case 'ask':
      return call(id, 'ask_user', { questions: [{ question: 'q?', options: ['a', 'b'] }] });
    case 'write':
      return call(id, 'write', { path: id, content: 'x' });
    case 'ctrl-c':
      return call(id, 'ctrl_c', {});
  }
}

const scenario = fc.record({
  turns: fc.array(
    fc.record({
      calls: fc.array(fc.constantFrom(...kinds), { maxLength: 4 }),
      abortMidStream: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  maxInteractive: fc.integer({ min: 0, max: 3 }),
  hasAskUser: fc.boolean(),
  deny: fc.boolean(),
  toolHistory: fc.constantFrom<ToolHistoryMode>('full', 'off'),
});

describe('loop invariants', () => {
  it('every call id gets exactly one result, in order, whatever happens', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const effects = new Effects();
        const controller = new AbortController();
        const abort = (): void => controller.abort();
        const ctrlC = defineTool({
          name: 'ctrl_c',
          description: 'Presses Ctrl+C while running.',
          inputSchema: z.object({}),
          permission: 'read',
          async execute(_input, ctx) {
            abort();
            await aborted(ctx.signal);
            return { output: 'too late' };
          },
        });
        const steps = s.turns.map(
          (turn, t) =>
            async function* (_r: unknown, signal: AbortSignal) {
              for (const [i, kind] of turn.calls.entries()) yield* events(kind, `t${t}_${i}`);
              if (turn.abortMidStream) {
                abort();
                await aborted(signal);
                yield { type: 'end', stopReason: 'aborted' } as StreamEvent;
                return;
              }
              yield* end(turn.calls.length ? 'tool_use' : 'stop');
            },
        );
        const h = startLoop(
          steps,
          [echoTool(effects), failingTool(), askTool(effects), writeTool(effects), ctrlC],
          {
            maxInteractive: s.maxInteractive,
            person: withQuestions(
              s.hasAskUser,
              new RecordingPermissions(() =>
                s.deny ? { kind: 'deny', reason: 'no' } : { kind: 'allow' },
              ),
            ),
            toolHistory: s.toolHistory,
            signal: controller.signal,
          },
        );
        const result = await h.result;

        const calls = result.messages.flatMap((m) => m.toolCalls);
        const announced = h.events.flatMap((e) =>
          e.type === 'assistant_message' ? e.message.toolCalls.map((c) => c.id) : [],
        );
        const ended = h.events.flatMap((e) => (e.type === 'tool_end' ? [e.activity.id] : []));
        expect(calls.map((c) => c.id)).toEqual(announced);
        expect([...ended].sort()).toEqual([...announced].sort());
        expect(new Set(ended).size).toBe(ended.length);
        expect(calls.every((c) => c.status !== 'pending')).toBe(true);
        if (s.toolHistory === 'full') expect(calls.every((c) => c.output !== undefined)).toBe(true);
        for (const request of h.provider.requests) {
          for (const m of request.messages) {
            if (m.role !== 'assistant') continue;
            for (const c of m.toolCalls) {
              expect(c.status).not.toBe('pending');
              expect(c.output ?? c.retainedOutput).toBeDefined();
            }
          }
        }
        const asked = effects.log.filter((entry) => entry === 'ask').length;
        expect(asked).toBeLessThanOrEqual(s.hasAskUser ? s.maxInteractive : 0);
        for (const message of result.messages) {
          // Precedence only when a questionnaire really opened (the test asker answers at once).
          const opened = message.toolCalls.some((c) => c.name === 'ask_user' && c.status === 'ok');
          if (opened && message.toolCalls.length > 1) {
            for (const c of message.toolCalls) {
              if (c.name !== 'ask_user') expect(['skipped', 'interrupted']).toContain(c.status);
            }
          }
          // Retention applies to answered questionnaires only.
          for (const c of message.toolCalls) {
            if (c.name !== 'ask_user') continue;
            if (c.status === 'ok') expect(c.retainedOutput).toBeDefined();
            if (c.status === 'error' || c.status === 'skipped') {
              expect(c.retainedOutput).toBeUndefined();
            }
          }
        }
        if (s.deny) expect(effects.log.some((e) => e.startsWith('write:'))).toBe(false);
        expect(h.events.at(-1)).toMatchObject({ type: 'turn_end', reason: result.reason });
      }),
      { numRuns: 150 },
    );
  });
});

/** The approvals `permissions` gives, and first-option answers when `asking`. */
function withQuestions(asking: boolean, permissions: RecordingPermissions) {
  return asking ? asker(firstOptions, permissions) : permissions;
}
