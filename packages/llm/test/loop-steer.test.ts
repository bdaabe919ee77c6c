import { call, reply } from '../src/testing';
import { startLoop } from './support/run';
import { echoTool, Effects } from './support/test-tools';

describe('steering a running turn', () => {
  it('gives messages sent during a step to the model at the next step, after the tool results', async () => {
    const pending: string[] = [];
    const h = startLoop(
      [
        reply('Looking.', call('c1', 'echo', { text: 'one' })),
        reply('', call('c2', 'echo', { text: 'two' })),
        reply('Done, with both.'),
      ],
      [echoTool(new Effects())],
      {
        steer: () => pending.splice(0),
        onEvent: (event) => {
          h.events.push(event);
          // The person types while the first call runs.
          if (event.type === 'tool_start' && event.activity.id === 'c1') {
            pending.push('also check b', 'and c');
          }
        },
      },
    );
    const result = await h.result;
    expect(result.reason).toBe('done');
    const second = h.provider.requests[1]!.messages;
    expect(
      second
        .slice(1)
        .map((m) =>
          m.role === 'user' ? m.text : m.role === 'assistant' ? `assistant:${m.text}` : m.role,
        ),
    ).toEqual(['assistant:Looking.', 'also check b', 'and c']);
    // Joined once: the third request has them in the same place, not again at the end.
    const third = h.provider.requests[2]!.messages.filter((m) => m.role === 'user');
    expect(third.map((m) => m.text)).toEqual(['please help', 'also check b', 'and c']);
    const order = h.events
      .filter((e) => e.type === 'tool_end' || e.type === 'user_message')
      .map((e) => (e.type === 'tool_end' ? `end:${e.activity.id}` : `user:${e.text}`));
    expect(order).toEqual(['end:c1', 'user:also check b', 'user:and c', 'end:c2']);
    expect(result.conversation.map((m) => m.role)).toEqual([
      'assistant',
      'user',
      'user',
      'assistant',
      'assistant',
    ]);
    expect(result.messages).toHaveLength(3);
  });

  it('asks nothing before the first model call, and leaves late messages to the caller', async () => {
    const pending: string[] = ['too early?'];
    let asked = 0;
    const h = startLoop([reply('Only answer.')], [echoTool(new Effects())], {
      steer: () => {
        asked++;
        return pending.splice(0);
      },
    });
    const result = await h.result;
    expect(asked).toBe(0);
    expect(pending).toEqual(['too early?']);
    expect(result.conversation).toHaveLength(1);
  });
});
