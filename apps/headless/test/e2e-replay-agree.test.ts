import fs from 'node:fs';
import path from 'node:path';
import { AGREEMENT_SAMPLE, AGREEMENT_SAMPLE_ID, writeAgreementSample } from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

interface History {
  kind: string;
  earlierTurns?: number;
  decisions?: number;
  reason?: string;
  title?: string;
  id?: string;
  restored?: string[];
  removed?: string[];
  model?: string;
}

describe('headless --output jsonl history of a resumed session, as the other front ends have it', () => {
  const cli = useCliHarness();

  it("counts the compacted turns and kept decisions, titles a questionnaire as the runtime does, says what an undo did, and keeps the model switch and the turn's end", async () => {
    const sessions = path.join(cli.sandbox.agentHome, 'sessions');
    fs.mkdirSync(sessions, { recursive: true });
    const file = path.join(sessions, `${AGREEMENT_SAMPLE_ID}.jsonl`);
    writeAgreementSample(file, fs.realpathSync(cli.sandbox.workspace));
    const server = await cli.serve([{ text: 'Going on.' }]);
    cli.sandbox.write('prompt.txt', 'Go on.');
    const result = await runCli(
      [
        'prompt.txt',
        ...openAIChatArgs(server.url),
        '--resume',
        AGREEMENT_SAMPLE_ID,
        '--output',
        'jsonl',
      ],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const history = result.stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { type: string; entry?: History })
      .flatMap((line) => (line.type === 'history' && line.entry ? [line.entry] : []));
    const { earlierTurns, decisions, outOfOrder, undone, switched } = AGREEMENT_SAMPLE;
    expect(history[0]).toEqual({
      kind: 'compaction',
      earlierTurns,
      decisions: decisions.length,
    });
    const asked = history.find((entry) => entry.id === outOfOrder.id);
    expect(asked).toMatchObject({
      kind: 'questionnaire',
      title: `ask 2 questions: ${outOfOrder.questions[0]}`,
    });
    expect(history.find((entry) => entry.kind === 'undo')).toMatchObject({
      restored: undone.restored,
      removed: undone.removed,
    });
    expect(history.find((entry) => entry.kind === 'provider')).toEqual({
      kind: 'provider',
      ...switched,
    });
    expect(history.at(-1)).toEqual({ kind: 'turn_end', reason: 'interrupted' });
  });
});
