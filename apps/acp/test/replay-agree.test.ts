import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSavedSession } from '@agent/runtime';
import { AGREEMENT_SAMPLE, AGREEMENT_SAMPLE_ID, writeAgreementSample } from '@agent/testkit';
import { replayUpdates } from '../src/replay-updates';

describe('session/load words a replay as the other front ends do', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acp-replay-agree-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the compaction with its kept decisions, the amended answer, the questions in order, the titles, the undo, the model switch and the interrupted turn', async () => {
    const file = path.join(dir, `${AGREEMENT_SAMPLE_ID}.jsonl`);
    writeAgreementSample(file, dir);
    const saved = await openSavedSession(file);
    const shown = replayUpdates(saved, dir, (activity) => activity.name).map((update) => {
      const content = 'content' in update ? update.content : undefined;
      const text = Array.isArray(content)
        ? content
            .map((part) =>
              'content' in part && part.content.type === 'text' ? part.content.text : '',
            )
            .join('\n')
        : content && 'text' in content
          ? content.text
          : '';
      const title = 'title' in update ? ` [${update.title}]` : '';
      return `${update.sessionUpdate}${title}: ${text}`;
    });
    const { earlierTurns, decisions, outOfOrder, undone, interrupted } = AGREEMENT_SAMPLE;
    const [first, second] = outOfOrder.questions;
    const amended = decisions[1];
    expect(shown).toEqual([
      `agent_message_chunk: *(${earlierTurns} earlier turns compacted into a summary (2 decisions kept verbatim))*`,
      'agent_message_chunk: *Amended by the person afterwards:*',
      `tool_call [ask: ${amended.question}]: Questionnaire: 1 answer\n- ${amended.question}\n  → ${amended.amended}`,
      'user_message_chunk: Ask me about the CLI.',
      'agent_message_chunk: Two questions.',
      `tool_call [ask 2 questions: ${first}]: ${[
        'Questionnaire cancelled after 1 of 2',
        `- ${first}`,
        '  ⊘ not answered',
        `- ${second}`,
        `  → ${outOfOrder.answer}`,
      ].join('\n')}`,
      `user_message_chunk: ${undone.prompt}`,
      'agent_message_chunk: Notes written.',
      'agent_message_chunk: *(Undone: restored notes.md; removed todo.md (created by that turn).)*',
      'agent_message_chunk: *(switched to openai-chat / fake-model-large)*',
      `user_message_chunk: ${interrupted.prompt}`,
      `agent_message_chunk: ${interrupted.text}`,
      'agent_message_chunk: *(Interrupted. Tell the agent what to do instead.)*',
    ]);
  });
});
