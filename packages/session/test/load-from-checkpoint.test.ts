import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ToolActivity } from '@agent/llm';
import { writeLongSession } from '@agent/testkit';
import {
  loadSession,
  projectSession,
  SESSION_FACTS,
  SessionWriter,
  type SessionEvent,
} from '../src';
import { tempAgentHome } from './helpers';

const askInput = {
  questions: [
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which checks?', options: ['Lint', 'Tests', 'Types'], multiSelect: true },
  ],
};
const keepOpen = (call: ToolActivity): boolean => call.name === 'ask_user';

describe('loading a session from its last checkpoint', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  /** Both loads of `file`: the whole history, and what a resume reads. */
  async function bothLoads(file: string) {
    const full = await loadSession(file);
    const tail = await loadSession(file, { fromLastCheckpoint: true });
    return { full, tail };
  }

  it('projects the same history as the whole file, with the answers from before the checkpoint', async () => {
    const file = path.join(home, 'long.jsonl');
    const written = writeLongSession(file, { turns: 300, compactedTurnsAgo: 25, cwd: '/w' });
    const { full, tail } = await bothLoads(file);
    expect(tail.warnings).toEqual([]);
    expect(projectSession(tail.events)).toEqual(projectSession(full.events));
    // Reading stopped short of the history the checkpoint replaced.
    expect(tail.omitted).toBeGreaterThan(1000);
    expect(tail.events.length + tail.omitted!).toBe(full.events.length);
    expect(tail.start).toEqual(full.start);
    // Every ask_user answer before the checkpoint reaches the next request exactly, by its ledger.
    const messages = projectSession(tail.events).messages;
    const checkpoint = messages[0]!;
    expect(checkpoint.role).toBe('checkpoint');
    const ledger = checkpoint.role === 'checkpoint' ? (checkpoint.decisions ?? []) : [];
    const before = [...written.answers].slice(0, 28);
    expect(ledger.map((call) => [call.id, call.output])).toEqual(before);
    // What /undo and the prompt history need from before the checkpoint is kept.
    const kinds = (events: SessionEvent[], type: SessionEvent['type']) =>
      events.filter((event) => event.type === type);
    for (const type of ['user', 'file_snapshot', 'session_start'] as const) {
      expect(kinds(tail.events, type)).toEqual(kinds(full.events, type));
    }
  });

  it('with the session facts alone before the checkpoint, projects the same next request', async () => {
    const file = path.join(home, 'long.jsonl');
    writeLongSession(file, { turns: 300, compactedTurnsAgo: 25, cwd: '/w' });
    const { full } = await bothLoads(file);
    const facts = await loadSession(file, {
      fromLastCheckpoint: true,
      keepBeforeCheckpoint: SESSION_FACTS,
    });
    expect(facts.warnings).toEqual([]);
    expect(projectSession(facts.events)).toEqual(projectSession(full.events));
    expect(facts.start).toEqual(full.start);
    // Before the checkpoint only the facts were read: no prompt, no file edit.
    const checkpointAt = facts.events.findIndex((event) => event.type === 'checkpoint');
    const before = facts.events.slice(0, checkpointAt).map((event) => event.type);
    expect(before).toEqual(['session_start']);
    expect(facts.events.length + facts.omitted!).toBe(full.events.length);
  });

  it('keeps an open questionnaire and its answers so far, as the whole file does', async () => {
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'openai-chat',
      model: 'm',
    });
    writer.recordUser('pick a database');
    const first: ToolActivity = {
      id: 'ask_1',
      name: 'ask_user',
      input: askInput,
      status: 'pending',
      summary: '',
    };
    writer.recordAssistant({ role: 'assistant', text: '', toolCalls: [first] });
    const output = '{"answers":["my own Postgres 16",["Lint","Types"]],"cancelled":false}';
    writer.recordToolEnd({
      ...first,
      status: 'ok',
      summary: 'answered 2 of 2',
      retainedOutput: output,
      retainedDetails: { custom: [true, false] },
    });
    writer.recordAssistant({ role: 'assistant', text: 'Postgres it is.', toolCalls: [] });
    writer.recordSettings({ toolHistory: 'off' });
    writer.recordProviderChange('anthropic', 'claude-test');
    writer.recordCheckpoint({
      role: 'checkpoint',
      summary: 'The person chose a database and checks.',
      decisions: [{ ...first, status: 'ok', output, details: { custom: [true, false] } }],
    });
    writer.recordUser('and the port?');
    const second: ToolActivity = { ...first, id: 'ask_2' };
    writer.recordAssistant({ role: 'assistant', text: '', toolCalls: [second] });
    await writer.recordQuestionnaireProgress('ask_2', { answers: ['SQLite'], custom: [false] });
    await writer.close();

    const { full, tail } = await bothLoads(writer.path);
    const resumed = projectSession(tail.events, { keepOpen });
    expect(resumed).toEqual(projectSession(full.events, { keepOpen }));
    expect(resumed.openCalls).toEqual(['ask_2']);
    expect(resumed.openProgress).toEqual({ ask_2: { answers: ['SQLite'], custom: [false] } });
    expect(resumed).toMatchObject({ toolHistory: 'off', provider: 'anthropic', cwd: '/w' });
    expect(JSON.stringify(resumed.messages[0])).toContain(JSON.stringify(output));
    expect(tail.omitted).toBe(3);
    // Without keepOpen it is closed, and named so that a resume knows to project again.
    const closed = projectSession(tail.events);
    expect(closed.openCalls).toEqual([]);
    expect(closed.closedOpen).toEqual(['ask_user']);
    expect(projectSession(full.events.slice(0, -2)).closedOpen).toBeUndefined();
  });

  it('falls back to the previous checkpoint when the last one is corrupt, warning about it', async () => {
    const file = path.join(home, 'long.jsonl');
    writeLongSession(file, { turns: 40, compactedTurnsAgo: 10, cwd: '/w' });
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    const at = lines.findIndex((line) => line.includes('"type":"checkpoint"'));
    // An earlier checkpoint, then the last one torn in the middle (a bad disk, a hand edit).
    lines.splice(
      80,
      0,
      JSON.stringify({
        v: 1,
        type: 'checkpoint',
        id: 'early',
        ts: '2026-11-30T00:00:00.000Z',
        summary: 'First fold.',
      }),
    );
    lines[at + 1] = lines[at + 1]!.slice(0, 60);
    await fs.writeFile(file, lines.join('\n'));

    const { full, tail } = await bothLoads(file);
    const reason = expect.stringContaining('invalid JSON');
    expect(full.warnings).toEqual([{ line: at + 2, reason }]);
    expect(tail.warnings).toEqual(full.warnings);
    const projected = projectSession(tail.events);
    expect(projected).toEqual(projectSession(full.events));
    expect(projected.messages[0]).toEqual({ role: 'checkpoint', summary: 'First fold.' });
    expect(tail.omitted).toBeGreaterThan(0);
  });

  it('reads the whole history when no checkpoint can be read, and reports corrupt lines after it', async () => {
    const file = path.join(home, 'long.jsonl');
    writeLongSession(file, { turns: 30, compactedTurnsAgo: 5, cwd: '/w' });
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    const at = lines.findIndex((line) => line.includes('"type":"checkpoint"'));
    lines[at] = '{"v":1,"type":"checkpoint","summary":';
    lines[at + 3] = `${lines[at + 3]!.slice(0, 40)}\u0000`;
    await fs.writeFile(file, lines.join('\n'));

    const { full, tail } = await bothLoads(file);
    expect(full.warnings.map((w) => w.line)).toEqual([at + 1, at + 4]);
    expect(tail.warnings).toEqual(full.warnings);
    expect(tail.events).toEqual(full.events);
    expect(tail.omitted).toBeUndefined();
  });
});
