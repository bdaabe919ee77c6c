import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ScriptedProvider } from '@agent/llm/testing';
import { turnEndText } from '@agent/session';
import { AGREEMENT_SAMPLE, AGREEMENT_SAMPLE_ID, writeAgreementSample } from '@agent/testkit';
import { AS_OPENAI_CHAT, Harness } from './harness';
import { turnEndLine } from '../src/app/turn-end-line';

describe('REPL: a resumed session worded as the other front ends word it', () => {
  it('the compaction with its kept decisions, the amended answer, the questions in order, the undo, the model switch and the interrupted turn', async () => {
    const h = new Harness(100, 40);
    mkdirSync(path.join(h.home, 'sessions'));
    writeAgreementSample(
      path.join(h.home, 'sessions', `${AGREEMENT_SAMPLE_ID}.jsonl`),
      h.workspace,
    );
    try {
      await h.start(new ScriptedProvider([], AS_OPENAI_CHAT), { resume: AGREEMENT_SAMPLE_ID });
      const screen = await h.waitForText(`Resumed session ${AGREEMENT_SAMPLE_ID}`);
      const { earlierTurns, decisions, outOfOrder, undone, interrupted } = AGREEMENT_SAMPLE;
      const [first, second] = outOfOrder.questions;
      const replayed = screen.slice(0, screen.indexOf('Resumed session'));
      expect(replayed).toContain(
        `── ${earlierTurns} earlier turns compacted into a summary (2 decisions kept verbatim) ──\n` +
          'Amended by the person afterwards:\n' +
          '✓ Questionnaire: 1 answer\n' +
          `  ${decisions[1].question}\n` +
          `    → ${decisions[1].amended}\n`,
      );
      expect(replayed).toContain(
        '⊘ Questionnaire cancelled after 1 of 2\n' +
          `  ${first}\n` +
          '    ⊘ not answered\n' +
          `  ${second}\n` +
          `    → ${outOfOrder.answer}\n`,
      );
      expect(replayed).toContain(
        `${undone.prompt}\n` +
          'Notes written.\n' +
          'Undone: restored notes.md; removed todo.md (created by that turn).\n' +
          '── switched to openai-chat / fake-model-large ──\n',
      );
      expect(replayed).toContain(`${interrupted.text}\n■ ${turnEndText('interrupted')}`);
    } finally {
      await h.stop();
    }
  });

  it("words a turn's end as every replay does (the live line adds the error's own text)", () => {
    for (const reason of ['interrupted', 'stopped', 'error', 'max_iterations'] as const) {
      const line = turnEndLine(reason);
      const text = line && 'text' in line ? line.text : undefined;
      expect(text?.replace(/^■ /, '')).toBe(turnEndText(reason));
    }
  });
});
