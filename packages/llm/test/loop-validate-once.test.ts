import { defineTool, type Tool } from '@agent/tools';
import { z } from 'zod/v4';
import { call, reply } from '../src/testing';
import { startLoop } from './support/run';
import { firstOptionAsker } from './support/test-tools';

/** A tool whose schema counts every time it validates an input. */
function countingTool(name: string, options: Partial<Tool> = {}) {
  const counter = { validations: 0 };
  const schema = z.object({ text: z.string() }).refine(() => ++counter.validations > 0);
  const tool = defineTool({
    name,
    description: `counts its validations (${name})`,
    inputSchema: schema,
    permission: 'edit',
    describe: (input) => `${name} ${input.text}`,
    execute: async (input) => ({ output: `${name}: ${input.text}` }),
    ...options,
  });
  return { tool, counter };
}

describe('a tool call is validated once', () => {
  it('on its way from the model through permission and execution into the next request', async () => {
    const { tool, counter } = countingTool('note');
    const raw = '{ "text" :  "spaced as the model wrote it" }';
    const h = startLoop([reply('', call('c1', 'note', raw)), reply('done')], [tool]);
    const result = await h.result;
    expect(result.reason).toBe('done');
    expect(counter.validations).toBe(1);
    const [request] = h.provider.requests.slice(1);
    const sent = request!.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []));
    // The model gets its own arguments back, exactly.
    expect(sent[0]).toMatchObject({ id: 'c1', arguments: raw, status: 'ok' });
    expect(h.events.find((e) => e.type === 'tool_start')).toMatchObject({
      title: 'note spaced as the model wrote it',
    });
  });

  it('when an interactive call takes precedence over another call of the same response', async () => {
    const ask = countingTool('ask', { interactive: true, permission: 'read' });
    const other = countingTool('other');
    const h = startLoop(
      [
        reply('', call('a1', 'ask', { text: 'which?' }), call('o1', 'other', { text: 'later' })),
        reply('done'),
      ],
      [ask.tool, other.tool],
      { person: firstOptionAsker },
    );
    const result = await h.result;
    expect(result.messages[0]!.toolCalls.map((c) => c.status)).toEqual(['ok', 'skipped']);
    expect(ask.counter.validations).toBe(1);
    expect(other.counter.validations).toBe(1);
  });

  it('when a session resumed mid-call runs its remembered interactive call again', async () => {
    const ask = countingTool('ask', { interactive: true, permission: 'read' });
    const h = startLoop([reply('done')], [ask.tool], { person: firstOptionAsker, resume: true }, [
      { role: 'user', text: 'help' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [
          { id: 'a1', name: 'ask', input: { text: 'which?' }, status: 'pending', summary: '' },
        ],
      },
    ]);
    const result = await h.result;
    expect(result.messages[0]!.toolCalls[0]).toMatchObject({ status: 'ok', output: 'ask: which?' });
    expect(ask.counter.validations).toBe(1);
  });
});
