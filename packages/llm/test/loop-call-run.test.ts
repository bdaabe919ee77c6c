import type { Tool } from '@agent/tools';
import { z } from 'zod/v4';
import { call, reply } from '../src/testing';
import { resultsIn, startLoop } from './support/run';
import { Effects, echoTool } from './support/test-tools';

/** A tool whose `execute` throws before returning any promise. */
const throwingTool: Tool<Record<string, never>> = {
  name: 'throws',
  description: 'Throws synchronously.',
  inputSchema: z.object({}),
  permission: 'read',
  describe: () => 'throws',
  execute: () => {
    throw new Error('thrown at once');
  },
};

describe('running one call', () => {
  it('interrupts a call whose tool, not async, returns its result as the turn is interrupted', async () => {
    let interrupt = (): void => undefined;
    const plainTool = {
      name: 'plain',
      description: 'Returns its result without a promise.',
      inputSchema: z.object({}),
      permission: 'read',
      describe: () => 'plain',
      execute: () => {
        interrupt();
        return { output: 'done at once' };
      },
    } as unknown as Tool;
    const h = startLoop([reply('', call('c1', 'plain', {}))], [plainTool]);
    interrupt = () => h.controller.abort();
    const result = await h.result;
    expect(result.reason).toBe('interrupted');
    const ended = h.events.find((event) => event.type === 'tool_end');
    expect(ended?.type === 'tool_end' && ended.activity.status).toBe('interrupted');
  });

  it('fails a call whose tool throws synchronously as a rejection would, and goes on', async () => {
    const h = startLoop(
      [reply('', call('c1', 'throws', {})), reply('noted')],
      [throwingTool as unknown as Tool],
    );
    const result = await h.result;
    expect(result.reason).toBe('done');
    expect(resultsIn(h.provider.requests[1]!.messages)).toEqual([
      { id: 'c1', status: 'error', output: 'throws failed: thrown at once' },
    ]);
  });

  it("adds the hooks' text after the output, the one before the call first", async () => {
    const effects = new Effects();
    const h = startLoop(
      [reply('', call('c1', 'echo', { text: 'hi' })), reply('ok')],
      [echoTool(effects)],
      {
        hooks: {
          before: async () => ({ context: 'before says' }),
          after: async (_call, ran) => ({ context: `after saw ${ran.status}: ${ran.output}` }),
        },
      },
    );
    await h.result;
    expect(resultsIn(h.provider.requests[1]!.messages)[0]!.output).toBe(
      'echo: hi\n\nbefore says\n\nafter saw ok: echo: hi',
    );
  });

  it('keeps the output as it is when the only hook after the call throws', async () => {
    const h = startLoop(
      [reply('', call('c1', 'echo', { text: 'hi' })), reply('ok')],
      [echoTool(new Effects())],
      {
        hooks: {
          after: async () => {
            throw new Error('hook failed');
          },
        },
      },
    );
    await h.result;
    expect(resultsIn(h.provider.requests[1]!.messages)[0]).toEqual({
      id: 'c1',
      status: 'ok',
      output: 'echo: hi',
    });
  });
});
