import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSavedSession } from '@agent/runtime';
import { writeLongSession } from '@agent/testkit';
import { replayUpdates } from '../src/replay-updates';

function replayedTexts(saved: Awaited<ReturnType<typeof openSavedSession>>, dir: string) {
  return replayUpdates(saved, dir, (activity) => activity.name).flatMap((update) =>
    'content' in update && update.content && 'text' in update.content
      ? [`${update.sessionUpdate}: ${update.content.text}`]
      : [],
  );
}

describe('session/load replay of a compacted session', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acp-replay-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends what follows the last checkpoint, after a note of the turns before it', async () => {
    const file = path.join(dir, '2026-11-30T00-00-00-abcd.jsonl');
    writeLongSession(file, { turns: 50, compactedTurnsAgo: 1, cwd: dir });
    const saved = await openSavedSession(file);
    const texts = replayedTexts(saved, dir);
    expect(texts.slice(0, 3)).toEqual([
      'agent_message_chunk: *(49 earlier turns compacted into a summary (5 decisions kept verbatim))*',
      'user_message_chunk: Please look at module 49 and fix the failing test in it.',
      'agent_message_chunk: Let me read the module and run its tests first.',
    ]);
    expect(texts.join('\n')).not.toContain('module 48');
  });

  it('says first which lines the load skipped, as the terminal and the page do', async () => {
    const file = path.join(dir, '2026-11-30T00-00-01-abcd.jsonl');
    writeLongSession(file, { turns: 3, cwd: dir });
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.splice(3, 0, '{"type": "user", "text": "torn off');
    writeFileSync(file, lines.join('\n'));
    const saved = await openSavedSession(file);
    expect(saved.warnings).toHaveLength(1);
    const texts = replayedTexts(saved, dir);
    expect(texts[0]).toBe(`agent_message_chunk: *(skipped line 4: ${saved.warnings[0]!.reason})*`);
    expect(texts[1]).toMatch(/^user_message_chunk: /);
  });
});
