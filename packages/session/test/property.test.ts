import fc from 'fast-check';
import type { ToolActivity, ToolStatus } from '@agent/llm';
import {
  loadSession,
  projectMessages,
  SESSION_SCHEMA_VERSION,
  SessionWriter,
  type SessionEvent,
} from '../src';
import { tempAgentHome } from './helpers';

const STATUSES: ToolStatus[] = ['pending', 'ok', 'error', 'denied', 'skipped', 'interrupted'];

const text = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 40 }));
const id = fc.string({ minLength: 1, maxLength: 12 });
const status = fc.constantFrom(...STATUSES);
const json = fc
  .jsonValue({ maxDepth: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const base = {
  v: fc.constant(SESSION_SCHEMA_VERSION),
  id,
  ts: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
};

const activity: fc.Arbitrary<ToolActivity> = fc.record(
  {
    id,
    name: fc.string({ minLength: 1, maxLength: 20 }),
    input: json,
    status,
    summary: text,
    retainedOutput: text,
  },
  { requiredKeys: ['id', 'name', 'input', 'status', 'summary'] },
);

const usage = fc.record(
  { inputTokens: fc.nat(), outputTokens: fc.nat(), cachedTokens: fc.nat() },
  { requiredKeys: ['inputTokens', 'outputTokens'] },
);

const event: fc.Arbitrary<SessionEvent> = fc.oneof(
  fc.record(
    {
      ...base,
      type: fc.constant('session_start' as const),
      cwd: text,
      provider: text,
      model: text,
      title: text,
    },
    { requiredKeys: ['v', 'id', 'ts', 'type', 'cwd', 'provider', 'model'] },
  ),
  fc.record({ ...base, type: fc.constant('user' as const), text }),
  fc.record({
    ...base,
    type: fc.constant('assistant' as const),
    message: fc.record(
      {
        role: fc.constant('assistant' as const),
        text,
        toolCalls: fc.array(activity, { maxLength: 4 }),
        usage,
        provider: text,
        model: text,
      },
      { requiredKeys: ['role', 'text', 'toolCalls'] },
    ),
  }),
  fc.record(
    {
      ...base,
      type: fc.constant('tool_end' as const),
      callId: id,
      status,
      summary: text,
      retainedOutput: text,
    },
    { requiredKeys: ['v', 'id', 'ts', 'type', 'callId', 'status', 'summary'] },
  ),
  fc.record({ ...base, type: fc.constant('checkpoint' as const), summary: text }),
  fc.record({
    ...base,
    type: fc.constant('provider_change' as const),
    provider: text,
    model: text,
  }),
  fc.record({
    ...base,
    type: fc.constant('questionnaire' as const),
    callId: id,
    questionnaire: fc.record({
      questions: fc.array(
        fc.record({ question: text, options: fc.array(text, { minLength: 2, maxLength: 6 }) }),
        {
          minLength: 1,
          maxLength: 10,
        },
      ),
    }),
    result: fc.record({ answers: fc.array(text, { maxLength: 10 }), cancelled: fc.boolean() }),
  }),
  fc.record(
    {
      ...base,
      type: fc.constant('settings' as const),
      toolHistory: fc.constantFrom('full' as const, 'off' as const),
    },
    { requiredKeys: ['v', 'id', 'ts', 'type'] },
  ),
);

describe('session file properties', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ home, cleanup } = await tempAgentHome()));
  afterAll(() => cleanup());

  it('load(store(events)) deep-equals the events for any sequence', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 25 }), async (events) => {
        const writer = await SessionWriter.create({
          agentHome: home,
          id: `p${n++}`,
          cwd: '/w',
          provider: 'p',
          model: 'm',
        });
        for (const e of events) writer.appendEvent(e);
        await writer.close();
        const loaded = await loadSession(writer.path);
        expect(loaded.warnings).toEqual([]);
        expect(loaded.events.slice(1)).toEqual(events);
      }),
      { numRuns: 60 },
    );
  });

  it('the projected history never leaves a call pending', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        for (const message of projectMessages(events)) {
          if (message.role === 'assistant') {
            expect(message.toolCalls.filter((call) => call.status === 'pending')).toEqual([]);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
