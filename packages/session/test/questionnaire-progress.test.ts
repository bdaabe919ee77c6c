import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ToolActivity } from '@agent/llm';
import {
  loadSession,
  projectSession,
  reduceSession,
  sessionPath,
  SessionWriter,
  type SessionEvent,
} from '../src';
import { fixturePath, pendingCall, tempAgentHome, testWriter } from './helpers';

const QUESTIONS = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL'] },
    { question: 'Where does it run?', options: ['Kubernetes', 'A VM'] },
  ],
};
const ask = pendingCall('call_open', 'ask_user', QUESTIONS);
const interactive = { keepOpen: (call: ToolActivity) => call.name === 'ask_user' };
const dist = path.join(__dirname, '..', 'dist', 'index.js');

describe('questionnaire answers are kept in the session as they are given', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  async function askedSession(): Promise<SessionWriter> {
    const writer = await testWriter(home);
    writer.recordUser('set up the service');
    writer.recordAssistant({ role: 'assistant', text: 'Decisions first.', toolCalls: [ask] });
    return writer;
  }

  async function eventsOf(file: string): Promise<SessionEvent[]> {
    const loaded = await loadSession(file);
    expect(loaded.warnings).toEqual([]);
    return loaded.events;
  }

  it('after a crash the open call comes back with the latest answers recorded for it', async () => {
    const writer = await askedSession();
    await writer.recordQuestionnaireProgress('call_open', { answers: ['SQLite'], custom: [false] });
    await writer.recordQuestionnaireProgress('call_open', {
      answers: ['SQLite', ' my own  API\nstyle '],
      custom: [false, true],
    });
    // The crash: the file is never closed and no tool_end is written.
    const events = await eventsOf(writer.path);
    expect(events.filter((e) => e.type === 'questionnaire_progress')).toHaveLength(2);
    const projection = projectSession(events, interactive);
    expect(projection.openCalls).toEqual(['call_open']);
    expect(projection.openProgress).toEqual({
      call_open: { answers: ['SQLite', ' my own  API\nstyle '], custom: [false, true] },
    });
    expect(projection.messages.at(-1)).toEqual({
      role: 'assistant',
      text: 'Decisions first.',
      toolCalls: [ask],
    });
    // Without the option the call is closed as interrupted and nothing is reported open.
    const closed = projectSession(events);
    expect(closed.openProgress).toEqual({});
    expect(closed.messages.at(-1)).toMatchObject({ toolCalls: [{ status: 'interrupted' }] });
    await writer.close();
  });

  it('progress of a call that then ended, or of no known call, is ignored', async () => {
    const writer = await askedSession();
    await writer.recordQuestionnaireProgress('call_open', { answers: ['SQLite'], custom: [false] });
    writer.recordToolEnd({
      ...ask,
      status: 'ok',
      summary: 'answered 3 of 3',
      retainedOutput: '{"answers":["SQLite","REST","A VM"],"cancelled":false}',
    });
    await writer.recordQuestionnaireProgress('call_open', { answers: ['late'], custom: [false] });
    await writer.recordQuestionnaireProgress('call_gone', { answers: ['x'], custom: [true] });
    await writer.close();
    const events = await eventsOf(writer.path);
    const projection = projectSession(events, interactive);
    expect(projection.openCalls).toEqual([]);
    expect(projection.openProgress).toEqual({});
    expect(reduceSession(events).call('call_open')).toMatchObject({
      ended: true,
      activity: { retainedOutput: '{"answers":["SQLite","REST","A VM"],"cancelled":false}' },
    });
    expect(reduceSession(events).call('call_open')!.progress).toBeUndefined();
  });

  it('an answer is on disk when recording it resolves: a kill -9 right after loses nothing', async () => {
    await fs.access(dist).catch(() => {
      throw new Error(`${dist} is missing: build @agent/session first (pnpm build)`);
    });
    const script = `
      const { SessionWriter } = require(${JSON.stringify(dist)});
      (async () => {
        const writer = await SessionWriter.create({
          agentHome: ${JSON.stringify(home)}, cwd: '/w', provider: 'p', model: 'm', id: 'crash',
        });
        writer.recordUser('set up the service');
        writer.recordAssistant(${JSON.stringify({ role: 'assistant', text: '', toolCalls: [ask] })});
        await writer.recordQuestionnaireProgress('call_open', { answers: ['SQLite'], custom: [false] });
        process.kill(process.pid, 'SIGKILL');
      })();
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, sig) => resolve(sig)),
    );
    expect(stderr).toBe('');
    expect(signal).toBe('SIGKILL');
    const projection = projectSession(await eventsOf(sessionPath(home, 'crash')), interactive);
    expect(projection.openCalls).toEqual(['call_open']);
    expect(projection.openProgress).toEqual({
      call_open: { answers: ['SQLite'], custom: [false] },
    });
  });

  it('answers are redacted exactly as the same answers in the retained result are', async () => {
    const answers = [
      'DB_PASSWORD=correcthorse',
      'postgres://app:Tr0ub4dor@db.internal:5432/orders',
      'alice on build-01.internal, ?page=2',
    ];
    const writer = await askedSession();
    await writer.recordQuestionnaireProgress('call_open', {
      answers,
      custom: [true, true, true],
    });
    writer.recordToolEnd({
      ...ask,
      status: 'ok',
      summary: 'answered 3 of 3',
      retainedOutput: JSON.stringify({ answers, cancelled: false }),
    });
    await writer.close();
    const events = await eventsOf(writer.path);
    const progress = events.find((e) => e.type === 'questionnaire_progress');
    const end = events.find((e) => e.type === 'tool_end');
    const retained = JSON.parse(end?.type === 'tool_end' ? end.retainedOutput! : '{}') as {
      answers: string[];
    };
    expect(progress).toMatchObject({
      answers: [
        'DB_PASSWORD=[REDACTED]',
        'postgres://app:[REDACTED]@db.internal:5432/orders',
        'alice on build-01.internal, ?page=2',
      ],
      custom: [true, true, true],
    });
    expect(progress?.type === 'questionnaire_progress' && progress.answers).toEqual(
      retained.answers,
    );
  });

  it('a malformed progress line is skipped with a warning; the rest of the file loads', async () => {
    const writer = await askedSession();
    await writer.recordQuestionnaireProgress('call_open', { answers: ['SQLite'], custom: [false] });
    await writer.close();
    const stamp = { v: 1, ts: '2026-12-01T10:00:00.000Z', type: 'questionnaire_progress' };
    const bad = [
      { ...stamp, id: 'b1', callId: 'call_open', answers: ['SQLite', 'REST'], custom: [false] },
      { ...stamp, id: 'b2', callId: 'call_open', answers: [1], custom: [false] },
      { ...stamp, id: 'b3', callId: 'call_open', answers: ['SQLite'], custom: ['no'] },
      { ...stamp, id: 'b4', answers: ['SQLite'], custom: [false] },
    ];
    await fs.appendFile(writer.path, bad.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([
      {
        line: 5,
        reason: 'questionnaire_progress: 2 answers but 1 "custom" flags, skipped',
      },
      {
        line: 6,
        reason:
          'questionnaire_progress: "answers.0": not an answer (a string or a list of strings), skipped',
      },
      {
        line: 7,
        reason: 'questionnaire_progress: "custom.0": expected boolean, received string, skipped',
      },
      {
        line: 8,
        reason: 'questionnaire_progress: "callId": expected string, received undefined, skipped',
      },
    ]);
    expect(projectSession(loaded.events, interactive).openProgress).toEqual({
      call_open: { answers: ['SQLite'], custom: [false] },
    });
  });

  it('the v1 fixture of a questionnaire open at a crash loads with its progress', async () => {
    const loaded = await loadSession(fixturePath('v1/open-questionnaire.jsonl'));
    expect(loaded.warnings).toEqual([]);
    const projection = projectSession(loaded.events, interactive);
    expect(projection.openCalls).toEqual(['toolu_ask']);
    expect(projection.openProgress).toEqual({
      toolu_ask: { answers: ['PostgreSQL', 'JSON over HTTP'], custom: [false, true] },
    });
    expect(projection.messages.at(-1)).toMatchObject({
      toolCalls: [{ id: 'toolu_ask', status: 'pending', input: QUESTIONS }],
    });
  });
});
