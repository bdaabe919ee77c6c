import type { StreamEvent } from '../../provider';
import {
  classifyError,
  eventBody,
  EventQueue,
  guardStream,
  ToolCallAssembler,
  type StreamReader,
} from './index';

const context = {
  credentialVariable: 'OPENAI_API_KEY',
  baseUrl: 'http://127.0.0.1:9/v1',
  baseUrlVariable: 'OPENAI_BASE_URL',
};

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('guardStream', () => {
  it('ends aborted promptly when the body hangs, and closes the body', async () => {
    const controller = new AbortController();
    let closed = false;
    const body = async function* (): AsyncGenerator<StreamEvent, void> {
      try {
        yield { type: 'text_delta', text: 'hi' };
        await new Promise<void>((resolve) =>
          controller.signal.addEventListener('abort', () => resolve()),
        );
      } finally {
        closed = true;
      }
    };
    setTimeout(() => controller.abort(), 20);
    const events = await collect(
      guardStream(
        controller.signal,
        () => eventBody(body()),
        () => ({ kind: 'other', message: '' }),
      ),
    );
    expect(events).toEqual([
      { type: 'text_delta', text: 'hi' },
      { type: 'end', stopReason: 'aborted' },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
  });

  it('turns a thrown error into one error end event', async () => {
    const body = async function* (): AsyncGenerator<StreamEvent, void> {
      yield { type: 'text_delta', text: 'a' };
      throw Object.assign(new Error('Incorrect API key provided'), { status: 401 });
    };
    const events = await collect(
      guardStream(
        new AbortController().signal,
        () => eventBody(body()),
        (error) => classifyError(error, context),
      ),
    );
    expect(events.at(-1)).toMatchObject({
      type: 'end',
      stopReason: 'error',
      error: { kind: 'auth' },
    });
    expect(events.filter((e) => e.type === 'end')).toHaveLength(1);
  });
});

describe('guardStream over a StreamReader', () => {
  const reader: StreamReader<string> = {
    push: (item) => [{ type: 'text_delta', text: item }],
    finish: () => ({ events: [], end: { type: 'end', stopReason: 'stop' } }),
    fail: () => ({ events: [] }),
  };

  it('delivers translated items, then ends', async () => {
    const source = (async function* () {
      yield 'a';
      yield 'b';
    })();
    const events = await collect(
      guardStream(
        new AbortController().signal,
        async () => ({ source, reader }),
        () => ({ kind: 'other', message: '' }),
      ),
    );
    expect(events).toEqual([
      { type: 'text_delta', text: 'a' },
      { type: 'text_delta', text: 'b' },
      { type: 'end', stopReason: 'stop' },
    ]);
  });

  it('ends aborted when a source hangs, and closes the source', async () => {
    const controller = new AbortController();
    let closed = false;
    const source = (async function* () {
      try {
        yield 'a';
        await new Promise<void>((resolve) =>
          controller.signal.addEventListener('abort', () => resolve()),
        );
      } finally {
        closed = true;
      }
    })();
    setTimeout(() => controller.abort(), 20);
    const events = await collect(
      guardStream(
        controller.signal,
        async () => ({ source, reader }),
        () => ({ kind: 'other', message: '' }),
      ),
    );
    expect(events.at(-1)).toEqual({ type: 'end', stopReason: 'aborted' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
  });

  it('classifies a failed connection', async () => {
    const events = await collect(
      guardStream(
        new AbortController().signal,
        async () => {
          throw Object.assign(new Error('nope'), { status: 403 });
        },
        (error) => classifyError(error, context),
      ),
    );
    expect(events).toEqual([
      {
        type: 'end',
        stopReason: 'error',
        error: expect.objectContaining({ kind: 'auth', status: 403 }),
      },
    ]);
  });
});

describe('classifyError', () => {
  it('names the variable to set on auth failures', () => {
    const error = classifyError(Object.assign(new Error('bad key'), { status: 401 }), context);
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(
      /^OPENAI_API_KEY is missing or invalid: set it or choose another provider with the `provider` option/,
    );
  });

  it('names the base URL when the connection is refused', () => {
    const refused = Object.assign(new Error('Connection error.'), {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    const error = classifyError(refused, context);
    expect(error.kind).toBe('network');
    expect(error.message).toContain('http://127.0.0.1:9/v1');
    expect(error.message).toContain('OPENAI_BASE_URL');
    expect(classifyError(refused, { ...context, streaming: true }).kind).toBe('stream_cut');
  });

  it('maps rate limits and server errors', () => {
    expect(
      classifyError(Object.assign(new Error('slow down'), { status: 429 }), context).kind,
    ).toBe('rate_limit');
    expect(classifyError(Object.assign(new Error('boom'), { status: 503 }), context).kind).toBe(
      'server',
    );
  });
});

describe('ToolCallAssembler', () => {
  it('joins fragments into a complete call and drops unfinished ones', () => {
    const calls = new ToolCallAssembler();
    calls.start(0, 'call_A', 'read');
    calls.append(0, '{"path":');
    calls.append(0, '"a \\"b\\""}');
    calls.start(1, undefined, 'grep');
    calls.append(1, '{"pat');
    expect(calls.finish(0)).toEqual({
      type: 'tool_call_end',
      id: 'call_A',
      name: 'read',
      arguments: '{"path":"a \\"b\\""}',
    });
    calls.discard();
    expect(calls.finishAll()).toEqual([]);
  });
});

describe('EventQueue', () => {
  it('delivers pushed items in order and stops at abort', async () => {
    const controller = new AbortController();
    const queue = new EventQueue<number>(controller.signal);
    queue.push(1);
    queue.push(2);
    const seen: number[] = [];
    setTimeout(() => controller.abort(), 10);
    await expect(
      (async () => {
        for await (const item of queue) seen.push(item);
      })(),
    ).rejects.toThrow();
    expect(seen).toEqual([1, 2]);
  });
});
