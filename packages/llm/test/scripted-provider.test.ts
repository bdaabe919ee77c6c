import { aborted, call, reply, ScriptedProvider, text, type ScriptEvent } from '../src/testing';
import type { ProviderRequest } from '../src';

const request = (say: string): ProviderRequest => ({
  system: 'sys',
  messages: [{ role: 'user', text: say }],
  tools: [],
});

async function collect(stream: AsyncIterable<ScriptEvent>): Promise<ScriptEvent[]> {
  const events: ScriptEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('ScriptedProvider', () => {
  it('plays one step per call in order, then says the script is exhausted', async () => {
    const provider = new ScriptedProvider([
      reply('', call('c1', 'read_file', { path: 'a' })),
      () => reply('for you'),
    ]);
    const signal = new AbortController().signal;
    expect(await collect(provider.stream(request('one'), signal))).toEqual([
      { type: 'tool_call_start', id: 'c1', name: 'read_file' },
      { type: 'tool_call_delta', id: 'c1', argumentsDelta: '{"pa' },
      { type: 'tool_call_delta', id: 'c1', argumentsDelta: 'th":' },
      { type: 'tool_call_delta', id: 'c1', argumentsDelta: '"a"}' },
      { type: 'tool_call_end', id: 'c1', name: 'read_file', arguments: '{"path":"a"}' },
      { type: 'end', stopReason: 'tool_use' },
    ]);
    expect(await collect(provider.stream(request('two'), signal))).toEqual([
      { type: 'text_delta', text: 'for you' },
      { type: 'end', stopReason: 'stop' },
    ]);
    expect(await collect(provider.stream(request('three'), signal))).toEqual([
      ...text('(script exhausted)'),
      { type: 'end', stopReason: 'stop' },
    ]);
    expect(provider).toMatchObject({ id: 'scripted', model: 'scripted-model' });
  });

  it('records a deep copy of each request, untouched by later changes to it', async () => {
    const provider = new ScriptedProvider([reply('ok')], { id: 'openai-chat', model: 'm' });
    const sent = request('hello');
    await collect(provider.stream(sent, new AbortController().signal));
    sent.messages.push({ role: 'user', text: 'later' });
    expect(provider.requests).toEqual([request('hello')]);
    expect(provider.id).toBe('openai-chat');
  });

  it('hands a function step the request and signal, and streams what it returns', async () => {
    const seen: string[] = [];
    const provider = new ScriptedProvider([
      async function* (req, signal) {
        seen.push(JSON.stringify(req.messages[0]));
        yield* text('working');
        await aborted(signal);
        yield { type: 'end', stopReason: 'aborted' } as const;
      },
    ]);
    const controller = new AbortController();
    const events = collect(provider.stream(request('go'), controller.signal));
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect(await events).toEqual([...text('working'), { type: 'end', stopReason: 'aborted' }]);
    expect(seen).toEqual([JSON.stringify({ role: 'user', text: 'go' })]);
  });

  it('ends a scripted stream with aborted as soon as the signal aborts', async () => {
    const provider = new ScriptedProvider([reply('never finished')]);
    const controller = new AbortController();
    const events: ScriptEvent[] = [];
    for await (const event of provider.stream(request('x'), controller.signal)) {
      events.push(event);
      controller.abort();
    }
    expect(events).toEqual([...text('never finished'), { type: 'end', stopReason: 'aborted' }]);
  });

  it('holds a stream before its last event until released, or until aborted', async () => {
    const provider = new ScriptedProvider([reply('held'), reply('held too')]);
    provider.hold();
    const events: ScriptEvent[] = [];
    const done = (async () => {
      for await (const event of provider.stream(request('a'), new AbortController().signal)) {
        events.push(event);
      }
    })();
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(text('held'));
    provider.release();
    await done;
    expect(events).toEqual([...text('held'), { type: 'end', stopReason: 'stop' }]);

    provider.hold();
    const controller = new AbortController();
    const second = collect(provider.stream(request('b'), controller.signal));
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect(await second).toEqual([...text('held too'), { type: 'end', stopReason: 'aborted' }]);
    provider.release();
  });
});
