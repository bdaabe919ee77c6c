import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSavedSession, TRANSCRIPT_CARDS, type ConversationEvent } from '@agent/runtime';
import { transcriptOf } from '@agent/session';
import { AGREEMENT_SAMPLE, AGREEMENT_SAMPLE_ID, writeAgreementSample } from '@agent/testkit';
import { pageEntries, pageEvent } from '../src/page-events';

describe("the page's transcript words a resumed session as the other front ends do", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-replay-agree-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the compaction with its kept decisions, the amended answer, the questions in order, the titles, the undo, the model switch and the interrupted turn', async () => {
    const file = path.join(dir, `${AGREEMENT_SAMPLE_ID}.jsonl`);
    writeAgreementSample(file, dir);
    const saved = await openSavedSession(file);
    const entries = pageEntries(transcriptOf(saved.events, { cards: TRANSCRIPT_CARDS }), new Map());
    const { earlierTurns, decisions, outOfOrder, undone, interrupted } = AGREEMENT_SAMPLE;
    const [first, second] = outOfOrder.questions;
    const amended = decisions[1];
    expect(entries).toEqual([
      {
        kind: 'notice',
        text: `(${earlierTurns} earlier turns compacted into a summary (2 decisions kept verbatim))`,
      },
      { kind: 'notice', text: 'Amended by the person afterwards:' },
      {
        kind: 'call',
        id: amended.id,
        title: `ask: ${amended.question}`,
        state: 'ok',
        output: `Questionnaire: 1 answer\n- ${amended.question}\n  → ${amended.amended}`,
      },
      { kind: 'prompt', text: 'Ask me about the CLI.' },
      { kind: 'assistant', text: 'Two questions.' },
      {
        kind: 'call',
        id: outOfOrder.id,
        title: `ask 2 questions: ${first}`,
        state: 'ok',
        summary: 'cancelled after 1 of 2',
        output: [
          'Questionnaire cancelled after 1 of 2',
          `- ${first}`,
          '  ⊘ not answered',
          `- ${second}`,
          `  → ${outOfOrder.answer}`,
        ].join('\n'),
      },
      { kind: 'prompt', text: undone.prompt },
      { kind: 'assistant', text: 'Notes written.' },
      {
        kind: 'notice',
        text: 'Undone: restored notes.md; removed todo.md (created by that turn).',
      },
      { kind: 'notice', text: '(switched to openai-chat / fake-model-large)' },
      { kind: 'prompt', text: interrupted.prompt },
      { kind: 'assistant', text: interrupted.text },
      { kind: 'notice', text: 'Interrupted. Tell the agent what to do instead.' },
    ]);
  });

  it('words a turn that ends live as its replay does', () => {
    const ended = { type: 'turn_ended', result: { reason: 'interrupted', messages: [] } };
    expect(pageEvent(ended as ConversationEvent)).toEqual({
      type: 'turn_ended',
      reason: 'interrupted',
      said: 'Interrupted. Tell the agent what to do instead.',
    });
  });
});
