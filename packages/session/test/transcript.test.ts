import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRANSCRIPT_SAMPLE, writeTranscriptSample } from '@agent/testkit';
import {
  loadSession,
  transcriptOf,
  TranscriptReducer,
  undoneText,
  type SessionEvent,
  type TranscriptCards,
  type TranscriptEntry,
  type UndoEntry,
} from '../src';

const CARDS: TranscriptCards = { ask_user: 'questionnaire', present_plan: 'plan' };

describe('the transcript: one fold of session events into typed entries', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'transcript-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function sample(): Promise<readonly SessionEvent[]> {
    const file = path.join(dir, 'sample.jsonl');
    writeTranscriptSample(file, dir);
    const loaded = await loadSession(file);
    expect(loaded.warnings).toEqual([]);
    return loaded.events;
  }

  /** Each entry as kind, id and state: what every front end must show alike. */
  function outline(entries: readonly TranscriptEntry[]): string[] {
    return entries.map((entry) => {
      switch (entry.kind) {
        case 'prompt':
          return `prompt ${entry.shown}`;
        case 'assistant':
          return `assistant ${entry.text}`;
        case 'tool':
        case 'plan':
          return `${entry.kind} ${entry.id} ${entry.state}`;
        case 'questionnaire':
          return `questionnaire ${entry.id} ${entry.card}`;
        case 'amended':
          return `amended ${entry.call.id}`;
        case 'compaction':
          return `compaction ${entry.earlierTurns} ${entry.decisions}`;
        case 'shell':
          return `shell ${entry.command} ${entry.state} ${entry.summary} ${entry.output}`;
        default:
          return entry.kind;
      }
    });
  }

  it('replays a saved session from its last checkpoint: amended answer, cancelled card, plan, crash-open calls interrupted', async () => {
    const { amended, cancelled, plan, crashed, shell, open, prompts, answer } = TRANSCRIPT_SAMPLE;
    const entries = transcriptOf(await sample(), { cards: CARDS });
    expect(outline(entries)).toEqual([
      'compaction 1 1',
      `amended ${amended.id}`,
      `prompt ${prompts[0]}`,
      `assistant ${answer}`,
      `questionnaire ${cancelled.id} cancelled`,
      `prompt ${prompts[1]}`,
      `plan ${plan.id} ok`,
      `prompt ${prompts[2]}`,
      `tool ${crashed.id} interrupted`,
      `shell ${shell.command} error ${shell.summary} ${shell.output}`,
      `prompt ${prompts[3]}`,
      `questionnaire ${open.id} interrupted`,
    ]);
    const kept = entries[1];
    expect(
      kept?.kind === 'amended' && kept.call.kind === 'questionnaire' && kept.call.saved,
    ).toMatchObject({
      state: 'answered',
      result: { answers: amended.answers, cancelled: false },
    });
    const card = entries[4];
    expect(card?.kind === 'questionnaire' && card.saved).toMatchObject({
      state: 'answered',
      result: { answers: cancelled.answers, cancelled: true, custom: cancelled.custom },
    });
    const presented = entries[6];
    expect(presented?.kind === 'plan' && presented).toMatchObject({
      plan: plan.plan,
      decision: { decision: 'approve', mode: 'default' },
    });
    // Never `pending` in a replay: the renderers get the calls as interrupted.
    const last = entries.at(-1);
    expect(entries[8]?.kind === 'tool' && entries[8].activity.status).toBe('interrupted');
    expect(last?.kind === 'questionnaire' && last.activity.status).toBe('interrupted');
  });

  it('keeps open the call the resumed turn offers again', async () => {
    const { crashed, open } = TRANSCRIPT_SAMPLE;
    const entries = transcriptOf(await sample(), { cards: CARDS, offeredAgain: [open.id] });
    const last = entries.at(-1);
    expect(last?.kind === 'questionnaire' && [last.state, last.card, last.activity.status]).toEqual(
      ['open', 'open', 'pending'],
    );
    const earlier = entries.find((entry) => entry.kind === 'tool' && entry.id === crashed.id);
    expect(earlier).toMatchObject({ state: 'interrupted' });
  });

  it('says what each event added or changed, so a live view can follow it', async () => {
    const events = await sample();
    const reducer = new TranscriptReducer({ cards: CARDS });
    const changes = events.map((event) => reducer.apply(event));
    const start = events.findIndex((event) => event.type === 'assistant');
    const end = events.findIndex((event) => event.type === 'tool_end');
    expect(changes[start]).toMatchObject([{ kind: 'questionnaire', card: 'asking' }]);
    expect(changes[end]).toMatchObject([{ kind: 'questionnaire', card: 'answered' }]);
    // The changed entry replaced the one before it, in place, and is the call's entry by id.
    expect(reducer.entries[1]).toBe(changes[end]![0]);
    const ended = changes[end]![0] as Extract<TranscriptEntry, { kind: 'questionnaire' }>;
    expect(reducer.call(ended.id)).toBe(ended);
    expect(reducer.call('no such call')).toBeUndefined();
    expect(reducer.entries.at(-1)).toMatchObject({ kind: 'questionnaire', state: 'running' });
    expect(reducer.finish()).toMatchObject([
      { kind: 'tool', state: 'interrupted' },
      { kind: 'questionnaire', state: 'interrupted', card: 'interrupted' },
    ]);
  });

  it("shows an /undo as its result, a prompt's images and the skipped lines", () => {
    const base = { v: 1, ts: '2026-11-30T00:00:00.000Z' };
    const events = [
      { ...base, id: 't1', type: 'user', text: 'edit' },
      { ...base, id: 's1', type: 'file_snapshot', path: 'a.ts', before: 'a', after: 'b' },
      { ...base, id: 's2', type: 'file_snapshot', path: 'b.ts', before: null, after: 'new' },
      { ...base, id: 's3', type: 'file_snapshot', path: 'b.ts', before: 'new', after: 'newer' },
      { ...base, id: 'u0', type: 'undo', turn: 't1', paths: ['a.ts', 'b.ts'] },
      { ...base, id: 'u1', type: 'user', text: '/undo', display: '/undo' },
      {
        ...base,
        id: 'u2',
        type: 'user',
        text: 'look',
        images: [{ hash: 'h', mediaType: 'image/png', bytes: 3 }],
      },
      { ...base, id: 't', type: 'turn_end', reason: 'interrupted' },
    ] as unknown as SessionEvent[];
    const entries = transcriptOf(events, { warnings: [{ line: 3, reason: 'torn line' }] });
    expect(entries).toMatchObject([
      { kind: 'notice', text: '(skipped line 3: torn line)' },
      { kind: 'prompt', shown: 'edit' },
      {
        kind: 'undo',
        undo: { turn: 't1', paths: ['a.ts', 'b.ts'] },
        restored: ['a.ts'],
        removed: ['b.ts'],
      },
      { kind: 'prompt', shown: 'look', images: [{ hash: 'h' }] },
      { kind: 'turn_end', reason: 'interrupted' },
    ]);
    expect(undoneText(entries[2] as UndoEntry)).toBe(
      'Undone: restored a.ts; removed b.ts (created by that turn).',
    );
    expect(undoneText({ restored: [], removed: [] })).toBe('Undone: nothing.');
  });

  it("draws a person's !command as its entry: the command, how it ended, the output shown", () => {
    const base = { v: 3, ts: '2026-11-30T00:00:00.000Z' };
    const shell = {
      command: 'echo hi; exit 3',
      status: 'error',
      summary: 'exit code 3',
      output: 'hi',
    };
    const events = [
      {
        ...base,
        id: 's1',
        type: 'user',
        text: 'for the model',
        display: '!echo hi; exit 3',
        shell,
      },
    ] as unknown as SessionEvent[];
    expect(transcriptOf(events)).toEqual([
      {
        kind: 'shell',
        id: 's1',
        command: 'echo hi; exit 3',
        state: 'error',
        summary: 'exit code 3',
        output: 'hi',
      },
    ]);
  });
});
