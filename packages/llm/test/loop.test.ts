import { allowAll, defineTool, type PermissionDecision } from '@agent/tools';
import { z } from 'zod/v4';
import { call, reply, text } from '../src/testing';
import { resultsIn, startLoop } from './support/run';
import {
  Effects,
  RecordingPermissions,
  echoTool,
  failingTool,
  writeTool,
} from './support/test-tools';

describe('runToolLoop', () => {
  it('runs tools across several model calls and returns every new message', async () => {
    const effects = new Effects();
    const h = startLoop(
      [
        reply('Let me check.', call('c1', 'echo', { text: 'one' })),
        reply('', call('c2', 'echo', { text: 'two' }), call('c3', 'echo', { text: 'three' })),
        reply('All done.'),
      ],
      [echoTool(effects)],
    );
    const result = await h.result;
    expect(result.reason).toBe('done');
    expect(result.messages.map((m) => m.text)).toEqual(['Let me check.', '', 'All done.']);
    expect(effects.log).toEqual(['echo:one', 'echo:two', 'echo:three']);
    expect(h.provider.requests).toHaveLength(3);
    expect(resultsIn(h.provider.requests[2]!.messages)).toEqual([
      { id: 'c1', status: 'ok', output: 'echo: one' },
      { id: 'c2', status: 'ok', output: 'echo: two' },
      { id: 'c3', status: 'ok', output: 'echo: three' },
    ]);
    expect(h.provider.requests[0]!.tools.map((t) => t.name)).toEqual(['echo']);
    const kinds = h.events.map((e) => e.type);
    expect(kinds.slice(0, 4)).toEqual([
      'text_delta',
      'assistant_message',
      'tool_start',
      'tool_end',
    ]);
    expect(kinds.at(-1)).toBe('turn_end');
    const first = h.events.find((e) => e.type === 'assistant_message');
    expect(first?.type === 'assistant_message' && first.message.toolCalls[0]!.status).toBe(
      'pending',
    );
    const start = h.events.find((e) => e.type === 'tool_start');
    expect(start?.type === 'tool_start' && start.title).toBe('echo one');
  });

  it('turns malformed arguments into an error the model can correct, keeping the raw text', async () => {
    const effects = new Effects();
    const h = startLoop(
      [
        reply('', call('c1', 'echo', '{"text": "unterminated')),
        reply('', call('c2', 'echo', { text: 42 })),
        reply('', call('c3', 'echo', { text: 'fixed' })),
        reply('ok'),
      ],
      [echoTool(effects)],
    );
    const result = await h.result;
    expect(result.reason).toBe('done');
    const [bad, wrongType] = resultsIn(h.provider.requests[3]!.messages);
    expect(bad!.status).toBe('error');
    expect(bad!.output).toMatch(/Invalid arguments for echo: not valid JSON/);
    expect(result.messages[0]!.toolCalls[0]!.input).toBe('{"text": "unterminated');
    expect(wrongType!.output).toMatch(/^Invalid arguments for echo: text: /);
    expect(effects.log).toEqual(['echo:fixed']);
  });

  it('answers an unknown tool with an error naming the available tools', async () => {
    const h = startLoop(
      [reply('', call('c1', 'delete_everything', {})), reply('sorry')],
      [echoTool(new Effects()), failingTool()],
    );
    await h.result;
    expect(resultsIn(h.provider.requests[1]!.messages)[0]).toEqual({
      id: 'c1',
      status: 'error',
      output: 'Unknown tool "delete_everything". Available tools: echo, fail.',
    });
  });

  it('asks permission for edits with the preview; a denial and its reason reach the model', async () => {
    const effects = new Effects();
    const permissions = new RecordingPermissions(() => ({ kind: 'deny', reason: 'not that file' }));
    const h = startLoop(
      [reply('', call('c1', 'write', { path: 'a.ts', content: 'x' })), reply('understood')],
      [writeTool(effects)],
      { person: permissions },
    );
    const result = await h.result;
    expect(effects.log).toEqual([]);
    expect(permissions.requests).toEqual([
      expect.objectContaining({
        toolCallId: 'c1',
        toolName: 'write',
        permission: 'edit',
        title: 'write a.ts',
        preview: '+++ a.ts\n+x',
      }),
    ]);
    const [denied] = resultsIn(h.provider.requests[1]!.messages);
    expect(denied!.status).toBe('denied');
    expect(denied!.output).toContain('not that file');
    expect(result.messages[0]!.toolCalls[0]!.summary).toBe('denied: not that file');
  });

  it('says who denied a call that a rule or policy denied, not the person', async () => {
    const decisions: PermissionDecision[] = [
      { kind: 'deny', by: 'the deny rule write(a.ts) (--deny)' },
      { kind: 'deny', by: 'the headless policy', reason: 'this is a headless run; use --yes.' },
      { kind: 'deny' },
    ];
    const permissions = new RecordingPermissions(() => decisions.shift()!);
    const h = startLoop(
      [
        reply(
          '',
          call('c1', 'write', { path: 'a.ts', content: 'x' }),
          call('c2', 'write', { path: 'b.ts', content: 'x' }),
          call('c3', 'write', { path: 'c.ts', content: 'x' }),
        ),
        reply('understood'),
      ],
      [writeTool(new Effects())],
      { person: permissions },
    );
    const result = await h.result;
    const [rule, policy, person] = resultsIn(h.provider.requests[1]!.messages);
    expect(rule!.output).toBe(
      'This write call was denied, not by a person: it was blocked by the deny rule write(a.ts) (--deny). Do not retry it unchanged; take another approach.',
    );
    expect(policy!.output).toBe(
      'This write call was denied, not by a person: it was blocked by the headless policy. This is a headless run; use --yes.',
    );
    expect(person!.output).toMatch(/^The person denied this write call\./);
    expect(result.messages[0]!.toolCalls.map((c) => c.summary)).toEqual([
      'denied: blocked by the deny rule write(a.ts) (--deny)',
      'denied: this is a headless run; use --yes.',
      'denied',
    ]);
  });

  it('runs allowed edits and never asks for read-only tools', async () => {
    const effects = new Effects();
    const permissions = new RecordingPermissions();
    const h = startLoop(
      [
        reply(
          '',
          call('c1', 'echo', { text: 'r' }),
          call('c2', 'write', { path: 'b', content: '' }),
        ),
        reply('done'),
      ],
      [echoTool(effects), writeTool(effects)],
      { person: permissions },
    );
    await h.result;
    expect(permissions.requests.map((r) => r.toolName)).toEqual(['write']);
    expect(effects.log).toEqual(['echo:r', 'write:b']);
  });

  it('turns tool failures into error results and keeps going', async () => {
    const h = startLoop(
      [
        reply(
          '',
          call('c1', 'fail', { mode: 'tool-error' }),
          call('c2', 'fail', { mode: 'crash' }),
          call('c3', 'fail', { mode: 'is-error' }),
        ),
        reply('recovered'),
      ],
      [failingTool()],
    );
    const result = await h.result;
    expect(result.reason).toBe('done');
    expect(resultsIn(h.provider.requests[1]!.messages)).toEqual([
      { id: 'c1', status: 'error', output: 'file "x" does not exist' },
      { id: 'c2', status: 'error', output: 'fail failed: boom' },
      { id: 'c3', status: 'error', output: 'soft failure' },
    ]);
  });

  it('stops at maxIterations with a clear message, every call answered', async () => {
    const effects = new Effects();
    const forever = Array.from({ length: 10 }, (_, i) =>
      reply('', call(`c${i}`, 'echo', { text: String(i) })),
    );
    const h = startLoop(forever, [echoTool(effects)], { maxIterations: 3 });
    const result = await h.result;
    expect(result.reason).toBe('max_iterations');
    expect(result.error).toBe('Stopped after 3 model calls in one turn (the iteration limit).');
    expect(h.provider.requests).toHaveLength(3);
    expect(result.messages.flatMap((m) => m.toolCalls.map((c) => c.status))).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    expect(h.events.at(-1)).toEqual({
      type: 'turn_end',
      reason: 'max_iterations',
      error: result.error,
    });
  });

  it('counts one model call in the singular, and leaves how to continue to the front end', async () => {
    const h = startLoop([reply('', call('c0', 'echo', { text: '0' }))], [echoTool(new Effects())], {
      maxIterations: 1,
    });
    const result = await h.result;
    expect(result.error).toBe('Stopped after 1 model call in one turn (the iteration limit).');
  });

  it('ends with the provider error message and applies no tool call of a failed stream', async () => {
    const effects = new Effects();
    const h = startLoop(
      [
        [
          ...text('Partial answer'),
          ...call('c1', 'echo', { text: 'never' }),
          { type: 'tool_call_start', id: 'c2', name: 'echo' },
          {
            type: 'end',
            stopReason: 'error',
            error: { kind: 'stream_cut', message: 'The connection to the provider was cut.' },
          },
        ],
      ],
      [echoTool(effects)],
    );
    const result = await h.result;
    expect(result).toEqual({
      reason: 'error',
      error: 'The connection to the provider was cut.',
      messages: [expect.objectContaining({ text: 'Partial answer', toolCalls: [] })],
      conversation: [expect.objectContaining({ text: 'Partial answer', toolCalls: [] })],
    });
    expect(effects.log).toEqual([]);
  });

  it('treats a stream that ends without a stop event, or throws, as an error', async () => {
    const cut = startLoop([[...text('half')]], []);
    expect((await cut.result).reason).toBe('error');
    expect((await cut.result).error).toMatch(/ended before the response was complete/);
    const throwing = startLoop(
      [
        // eslint-disable-next-line require-yield
        async function* () {
          throw new Error('socket hang up');
        },
      ],
      [],
    );
    expect((await throwing.result).error).toMatch(/socket hang up/);
  });

  it('soft stop finishes the current batch and starts no new model call', async () => {
    const effects = new Effects();
    const softStop = new AbortController();
    const h = startLoop(
      [
        async function* () {
          yield* call('c1', 'echo', { text: 'a' });
          softStop.abort();
          yield* call('c2', 'echo', { text: 'b' });
          yield { type: 'end', stopReason: 'tool_use' };
        },
        reply('never requested'),
      ],
      [echoTool(effects)],
      { softStop: softStop.signal, person: allowAll },
    );
    const result = await h.result;
    expect(result.reason).toBe('stopped');
    expect(effects.log).toEqual(['echo:a', 'echo:b']);
    expect(h.provider.requests).toHaveLength(1);
    expect(result.messages[0]!.toolCalls.map((c) => c.status)).toEqual(['ok', 'ok']);
  });

  it('forwards usage and tool updates', async () => {
    const h = startLoop(
      [
        [
          ...text('hi'),
          { type: 'usage', usage: { inputTokens: 10, outputTokens: 3 } },
          { type: 'end', stopReason: 'stop' },
        ],
      ],
      [],
    );
    const result = await h.result;
    expect(result.messages[0]!.usage).toEqual({ inputTokens: 10, outputTokens: 3 });
    expect(h.events).toContainEqual({ type: 'usage', usage: { inputTokens: 10, outputTokens: 3 } });
    expect(result.messages[0]!).toMatchObject({ provider: 'scripted', model: 'scripted-model' });
  });
});

describe('concurrent tools', () => {
  it('runs adjacent concurrent calls together and still reports results in call order', async () => {
    const running: string[] = [];
    let peak = 0;
    const slow = defineTool({
      name: 'task',
      description: 'Delegate.',
      inputSchema: z.object({ name: z.string(), ms: z.number() }),
      permission: 'read',
      concurrent: true,
      async execute(input) {
        running.push(input.name);
        peak = Math.max(peak, running.length);
        await new Promise((resolve) => setTimeout(resolve, input.ms));
        running.splice(running.indexOf(input.name), 1);
        return { output: `done ${input.name}` };
      },
    });
    const h = startLoop(
      [
        reply(
          '',
          call('t1', 'task', { name: 'a', ms: 40 }),
          call('t2', 'task', { name: 'b', ms: 5 }),
          call('e1', 'echo', { text: 'after' }),
        ),
        reply('ok'),
      ],
      [slow, echoTool(new Effects())],
    );
    await h.result;
    expect(peak).toBe(2);
    expect(resultsIn(h.provider.requests[1]!.messages).map((r) => r.output)).toEqual([
      'done a',
      'done b',
      'echo: after',
    ]);
  });
});
