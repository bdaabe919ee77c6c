import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSavedSession } from '@agent/runtime';
import { writeLongSession } from '@agent/testkit';
import { replayUpdates } from '../src/replay-updates';

describe('session/load replay of a compacted session', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acp-replay-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends what follows the last checkpoint, after a note of the turns before it', async () => {
    const file = path.join(dir, '2026-11-30T00-00-00-abcd.jsonl');
    writeLongSession(file, { turns: 50, compactedTurnsAgo: 1, cwd: dir });
    const saved = await openSavedSession(file);
    const texts = replayUpdates(saved, dir, (activity) => activity.name).flatMap((update) =>
      'content' in update && update.content && 'text' in update.content
        ? [`${update.sessionUpdate}: ${update.content.text}`]
        : [],
    );
    expect(texts.slice(0, 3)).toEqual([
      'agent_message_chunk: *(49 earlier turns compacted into a summary (5 decisions kept verbatim))*',
      'user_message_chunk: Please look at module 49 and fix the failing test in it.',
      'agent_message_chunk: Let me read the module and run its tests first.',
    ]);
    expect(texts.join('\n')).not.toContain('module 48');
  });
});
