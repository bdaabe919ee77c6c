import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AGREEMENT_SAMPLE, writeAgreementSample } from '@agent/testkit';
import {
  compactionNote,
  loadSession,
  SESSION_FACTS,
  transcriptOf,
  TranscriptReducer,
  type TranscriptCards,
} from '../src';

const CARDS: TranscriptCards = { ask_user: 'questionnaire', present_plan: 'plan' };
const { earlierTurns, decisions } = AGREEMENT_SAMPLE;

describe('every replay counts the compacted turns alike', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'replay-agree-'));
  const file = path.join(dir, 'sample.jsonl');
  writeAgreementSample(file, dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const compaction = { kind: 'compaction', earlierTurns, decisions: decisions.length };

  it('a whole file, a resume and a resume that reads only the facts before the checkpoint (headless)', async () => {
    const whole = await loadSession(file);
    const resumed = await loadSession(file, { fromLastCheckpoint: true });
    const facts = await loadSession(file, {
      fromLastCheckpoint: true,
      keepBeforeCheckpoint: SESSION_FACTS,
    });
    expect(facts.omittedPrompts).toBe(earlierTurns);
    for (const loaded of [whole, resumed, facts]) {
      const entries = transcriptOf(loaded.events, {
        cards: CARDS,
        omittedPrompts: loaded.omittedPrompts ?? 0,
      });
      expect(entries[0]).toEqual(compaction);
    }
  });

  it('the live transcript counts the prompts it folded before a checkpoint', async () => {
    const reducer = new TranscriptReducer({ cards: CARDS });
    for (const event of (await loadSession(file)).events) reducer.apply(event);
    expect(reducer.entries.find((entry) => entry.kind === 'compaction')).toEqual(compaction);
  });

  it('one note says how many turns were compacted and how many decisions were kept', () => {
    expect(compactionNote({ kind: 'compaction', earlierTurns: 4, decisions: 2 })).toBe(
      '4 earlier turns compacted into a summary (2 decisions kept verbatim)',
    );
    expect(compactionNote({ kind: 'compaction', earlierTurns: 1, decisions: 1 })).toBe(
      '1 earlier turn compacted into a summary (1 decision kept verbatim)',
    );
    expect(compactionNote({ kind: 'compaction', earlierTurns: 0, decisions: 0 })).toBe(
      'earlier conversation compacted into a summary',
    );
  });
});
