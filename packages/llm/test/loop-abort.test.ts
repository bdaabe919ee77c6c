import type { StreamEvent } from '../src';
import { aborted, call, reply, text } from '../src/testing';
import { resultsIn, startLoop } from './support/run';
import os from 'node:os';
import { answerAtOnce, defineTool, runShellTool } from '@agent/tools';
import { z } from 'zod/v4';
import { Effects, echoTool, waitTool, writeTool } from './support/test-tools';

function noPending(messages: { toolCalls: { status: string }[] }[]): boolean {
  return messages.every((m) => m.toolCalls.every((c) => c.status !== 'pending'));
}

describe('runToolLoop interruption', () => {
  it('abort mid-stream: complete calls are interrupted with one result each, half calls dropped', async () => {
    let release!: () => void;
    const streaming = new Promise<void>((resolve) => (release = resolve));
    const effects = new Effects();
    const h = startLoop(
      [
        async function* (_request, signal): AsyncGenerator<StreamEvent> {
          yield* text('Working on it');
          yield* call('c1', 'echo', { text: 'a' });
          yield { type: 'tool_call_start', id: 'c2', name: 'echo' };
          release();
          await aborted(signal);
          yield { type: 'end', stopReason: 'aborted' };
        },
      ],
      [echoTool(effects)],
    );
    await streaming;
    h.controller.abort();
    const result = await h.result;
    expect(result.reason).toBe('interrupted');
    expect(effects.log).toEqual([]);
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]!.text).toBe('Working on it');
    expect(result.messages[0]!.toolCalls.map((c) => [c.id, c.status])).toEqual([
      ['c1', 'interrupted'],
    ]);
    expect(result.messages[0]!.toolCalls[0]!.output).toMatch(/interrupted/);
    const ends = h.events.filter((e) => e.type === 'tool_end');
    expect(ends).toHaveLength(1);
    expect(h.events.at(-1)).toEqual({ type: 'turn_end', reason: 'interrupted' });
  });

  it('abort of a provider that ignores its signal still ends the loop', async () => {
    const h = startLoop(
      [
        async function* (): AsyncGenerator<StreamEvent> {
          yield* text('stuck');
          await new Promise(() => undefined);
        },
      ],
      [],
    );
    await new Promise((resolve) => setImmediate(resolve));
    h.controller.abort();
    const result = await h.result;
    expect(result.reason).toBe('interrupted');
    expect(result.messages[0]!.text).toBe('stuck');
  });

  it('abort mid-tool: the tool sees the abort, it and every later call get exactly one interrupted result', async () => {
    const effects = new Effects();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const h = startLoop(
      [
        reply(
          '',
          call('c1', 'echo', { text: 'first' }),
          call('c2', 'wait', { label: 'slow' }),
          call('c3', 'echo', { text: 'never' }),
        ),
        reply('never requested'),
      ],
      [echoTool(effects), waitTool(effects, () => started())],
    );
    await running;
    h.controller.abort();
    const result = await h.result;
    expect(result.reason).toBe('interrupted');
    expect(h.provider.requests).toHaveLength(1);
    expect(effects.log).toEqual(['echo:first', 'wait-start:slow', 'wait-saw-abort:slow']);
    expect(resultsIn(result.messages)).toEqual([
      { id: 'c1', status: 'ok', output: 'echo: first' },
      { id: 'c2', status: 'interrupted', output: expect.stringMatching(/interrupted/) },
      { id: 'c3', status: 'interrupted', output: expect.stringMatching(/interrupted/) },
    ]);
    expect(noPending(result.messages)).toBe(true);
    const ends = h.events.flatMap((e) => (e.type === 'tool_end' ? [e.activity.id] : []));
    expect(ends).toEqual(['c1', 'c2', 'c3']);
    expect(result.messages[0]!.toolCalls[1]!.summary).toBe('wait slow');
  });

  it('abort while a permission card is open interrupts without running the tool', async () => {
    const effects = new Effects();
    let asked!: () => void;
    const asking = new Promise<void>((resolve) => (asked = resolve));
    const h = startLoop(
      [reply('', call('c1', 'write', { path: 'a', content: 'b' }))],
      [writeTool(effects)],
      {
        person: answerAtOnce({
          approval: async ({ signal }) => {
            asked();
            await aborted(signal);
            throw new Error('aborted');
          },
        }),
      },
    );
    await asking;
    h.controller.abort();
    const result = await h.result;
    expect(result.reason).toBe('interrupted');
    expect(effects.log).toEqual([]);
    expect(result.messages[0]!.toolCalls[0]!.status).toBe('interrupted');
  });

  it('a tool that ignores the abort does not keep the loop waiting', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const deaf = defineTool({
      name: 'deaf',
      description: 'Never finishes.',
      inputSchema: z.object({}),
      permission: 'read',
      execute: () => {
        started();
        return new Promise(() => undefined);
      },
    });
    const h = startLoop([reply('', call('c1', 'deaf', {}))], [deaf]);
    await running;
    h.controller.abort();
    const result = await h.result;
    expect(resultsIn(result.messages)).toEqual([
      { id: 'c1', status: 'interrupted', output: expect.any(String) },
    ]);
  });

  it('an abort before the first request makes no model call', async () => {
    const controller = new AbortController();
    controller.abort();
    const h = startLoop([reply('hello')], [], { signal: controller.signal });
    const result = await h.result;
    expect(result).toEqual({ messages: [], conversation: [], reason: 'interrupted' });
    expect(h.provider.requests).toHaveLength(0);
  });
});

describe('an interrupted command', () => {
  it('ends at once, its process group killed, and keeps the output it printed as the result', async () => {
    const h = startLoop(
      [reply('', call('sh', 'run_shell', { command: 'echo started-$((40 + 2)); sleep 40' }))],
      [runShellTool()],
      { workspaceRoot: os.tmpdir() },
    );
    const until = Date.now() + 5000;
    while (!h.events.some((e) => e.type === 'tool_start') && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    h.controller.abort();
    const result = await h.result;
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
    expect(result.reason).toBe('interrupted');
    const [shell] = resultsIn(result.messages);
    expect(shell).toMatchObject({ id: 'sh', status: 'interrupted' });
    expect(shell!.output).toMatch(/^interrupted: .*run_shell/);
    expect(shell!.output).toContain('started-42');
  });
});
