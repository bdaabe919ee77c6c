import type { ToolActivity } from '@agent/llm';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  loadSession,
  projectSession,
  reduceSession,
  SESSION_SCHEMA_VERSION,
  SessionWriter,
  transcriptOf,
  type SessionEvent,
} from '../src';
import { FIXTURE_VERSIONS, fixtureNames, writeCurrentFixture } from './fixture-writer';
import { fixturePath, tempAgentHome } from './helpers';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function tempDir(): Promise<string> {
  const { home, cleanup } = await tempAgentHome();
  cleanups.push(cleanup);
  return home;
}

/** What replay and resume read of a session: the projection and every call as it ended. */
function readBack(events: readonly SessionEvent[]): unknown {
  const reducer = reduceSession(events);
  const calls = events.flatMap((event) =>
    event.type === 'assistant' ? event.message.toolCalls.map((call) => call.id) : [],
  );
  return {
    projection: projectSession(events),
    calls: calls.map((id) => {
      const call = reducer.call(id)!;
      return {
        activity: call.activity,
        ended: call.ended,
        steps: call.steps,
        progress: call.progress,
      };
    }),
  };
}

describe('fixtures of every schema version', () => {
  it('the current version is the newest fixture folder', () => {
    expect(FIXTURE_VERSIONS.at(-1)).toBe(SESSION_SCHEMA_VERSION);
  });

  it.each(FIXTURE_VERSIONS)(
    'v%i: every fixture loads to what the v1 file stands for',
    async (v) => {
      for (const name of await fixtureNames()) {
        const old = await loadSession(fixturePath(path.join('v1', name)));
        const loaded = await loadSession(fixturePath(path.join(`v${v}`, name)));
        if (v > 1) expect({ name, warnings: loaded.warnings }).toEqual({ name, warnings: [] });
        expect(loaded.events.every((event) => event.v === SESSION_SCHEMA_VERSION)).toBe(true);
        expect({ name, ...(readBack(loaded.events) as object) }).toEqual({
          name,
          ...(readBack(old.events) as object),
        });
      }
    },
  );

  it('the committed current-version fixtures are what the writer writes today', async () => {
    const dir = await tempDir();
    const update = process.env.UPDATE_SESSION_FIXTURES === '1';
    for (const name of await fixtureNames()) {
      const written = await fs.readFile(await writeCurrentFixture(name, dir), 'utf8');
      const committed = fixturePath(path.join(`v${SESSION_SCHEMA_VERSION}`, name));
      if (update) await fs.writeFile(committed, written);
      expect({ name, text: await fs.readFile(committed, 'utf8') }).toEqual({ name, text: written });
    }
  });
});

describe('how calls were approved (schema 4 on)', () => {
  // Every version from 4 on has this file: calls with their approval records and where a plan
  // was answered, which no older file could hold.
  const versions = FIXTURE_VERSIONS.filter((v) => v >= 4);

  it.each(versions)('v%i: each call reads back with its approval and answeredOn', async (v) => {
    const { events, warnings } = await loadSession(fixturePath(`v${v}/call-approvals.jsonl`));
    expect(warnings).toEqual([]);
    const calls = transcriptOf(events).flatMap((entry) =>
      entry.kind === 'tool' ? [[entry.id, entry.approval, entry.answeredOn]] : [],
    );
    expect(calls).toEqual([
      [
        'call_test',
        {
          allowed: true,
          by: 'person',
          choice: 'always',
          rule: 'run_shell(npm test)',
          scope: 'workspace',
          leaveSandbox: 'network',
          on: 'the web page',
        },
        undefined,
      ],
      [
        'call_publish',
        { allowed: false, by: 'policy', source: 'this run, where nobody can approve calls' },
        undefined,
      ],
      ['call_plan', undefined, 'the editor'],
    ]);
  });

  it('the committed v4 file is what the writer writes for its events', async () => {
    const committed = fixturePath(`v${SESSION_SCHEMA_VERSION}/call-approvals.jsonl`);
    const { events } = await loadSession(committed);
    const file = path.join(await tempDir(), 'call-approvals.jsonl');
    await fs.writeFile(file, '');
    const writer = await SessionWriter.open(file);
    for (const event of events) writer.appendEvent(event);
    await writer.close();
    expect(await fs.readFile(file, 'utf8')).toBe(await fs.readFile(committed, 'utf8'));
  });
});

describe("a person's !commands as data", () => {
  it.each(FIXTURE_VERSIONS)('v%i: each command reads back with how it ended', async (v) => {
    const loaded = await loadSession(fixturePath(`v${v}/person-shell.jsonl`));
    const shells = transcriptOf(loaded.events).filter((entry) => entry.kind === 'shell');
    expect(shells).toEqual([
      expect.objectContaining({
        command: 'git status --short',
        state: 'ok',
        output: ' M src/app.ts',
      }),
      expect.objectContaining({ command: 'npm test', state: 'error', summary: 'exit code 1' }),
      expect.objectContaining({ command: 'sleep 30', state: 'interrupted', output: '(no output)' }),
      // bash never started: its one line says so, with no output under it.
      expect.objectContaining({
        command: 'ls',
        state: 'error',
        summary: 'Could not start bash: spawn bash ENOENT',
        output: '',
      }),
    ]);
    expect(shells[0]).toMatchObject({ summary: 'exit code 0' });
    // A prompt that only looks like a command stays a prompt, and the model still gets the notes.
    expect(transcriptOf(loaded.events)).toContainEqual(
      expect.objectContaining({ kind: 'prompt', shown: '!why' }),
    );
    expect(loaded.events.find((event) => event.id === 'e3')).toMatchObject({
      text: expect.stringContaining('[exit code 1]') as unknown,
    });
  });
});

describe('ask_user outcomes as data', () => {
  const first = '{"answers":["SQLite","JSON over HTTP"],"cancelled":false}';
  const second =
    '{"answers":["PostgreSQL"],"also_answered":{"3":"A VM"},"cancelled":true,"interrupted":true}';

  it.each(FIXTURE_VERSIONS)(
    'v%i: each call records its answers; the model gets the same text',
    async (v) => {
      const { events, warnings } = await loadSession(fixturePath(`v${v}/ask-user-outcomes.jsonl`));
      expect(warnings).toEqual([]);
      const ends = events.filter((event) => event.type === 'tool_end');
      expect(ends).toEqual([
        expect.objectContaining({
          callId: 'call_first',
          retainedOutput: first,
          questionnaire: {
            answers: ['SQLite', 'JSON over HTTP'],
            cancelled: false,
            custom: [false, true],
          },
        }),
        expect.objectContaining({
          callId: 'call_second',
          retainedOutput: second,
          questionnaire: {
            answers: ['PostgreSQL'],
            cancelled: true,
            custom: [false],
            later: [{ question: 2, answer: 'A VM', custom: false }],
          },
        }),
      ]);
      expect(ends.some((event) => 'retainedDetails' in event)).toBe(false);
      const [checkpoint, , asked] = projectSession(events).messages;
      expect(checkpoint).toMatchObject({
        role: 'checkpoint',
        decisions: [
          {
            id: 'call_first',
            output: first,
            details: {
              answers: ['SQLite', 'JSON over HTTP'],
              cancelled: false,
              custom: [false, true],
            },
          },
        ],
      });
      expect(asked?.role === 'assistant' && asked.toolCalls[0]).toMatchObject({
        status: 'interrupted',
        retainedOutput: second,
        retainedDetails: { answers: ['PostgreSQL'], cancelled: true, custom: [false] },
      });
    },
  );

  it('a v1 file resumed and appended to stays loadable, old lines and new', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'resumed.jsonl');
    await fs.copyFile(fixturePath('v1/ask-user-outcomes.jsonl'), file);
    const writer = await SessionWriter.open(file);
    writer.recordUser('One more');
    const call: ToolActivity = {
      id: 'call_third',
      name: 'ask_user',
      input: { questions: [{ question: 'Which port?', options: ['8080', '3000'] }] },
      status: 'pending',
      summary: '',
    };
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: { role: 'assistant', text: '', toolCalls: [call] },
    });
    const output = '{"answers":["3000"],"cancelled":false}';
    writer.recordLoopEvent({
      type: 'tool_end',
      activity: {
        ...call,
        status: 'ok',
        summary: '1 answer',
        output,
        retainedOutput: output,
        retainedDetails: { answers: ['3000'], cancelled: false, custom: [false] },
      },
      result: { output },
    });
    await writer.close();
    const lines = (await fs.readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { v: number }).v)).toEqual([
      ...Array<number>(10).fill(1),
      ...Array<number>(3).fill(SESSION_SCHEMA_VERSION),
    ]);
    const loaded = await loadSession(file);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.events.at(-1)).toMatchObject({
      type: 'tool_end',
      callId: 'call_third',
      retainedOutput: output,
      questionnaire: { answers: ['3000'], cancelled: false, custom: [false] },
    });
    const messages = projectSession(loaded.events).messages;
    expect(messages.map((message) => message.role)).toEqual([
      'checkpoint',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(messages.at(-1)).toMatchObject({
      toolCalls: [{ id: 'call_third', status: 'ok', retainedOutput: output }],
    });
    const reread = await loadSession(file, { fromLastCheckpoint: true });
    expect(projectSession(reread.events).messages).toEqual(messages);
  });
});
