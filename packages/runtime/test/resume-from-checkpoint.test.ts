import fs from 'node:fs';
import path from 'node:path';
import { loadSession, projectSession } from '@agent/session';
import { startOpenAIChatServer, writeLongSession } from '@agent/testkit';
import { allowAll } from '@agent/tools';
import { openSavedSession, type SavedSession } from '../src';
import { sessionBox, boxSession } from './support/session-box';

/** The whole file, loaded and projected as resuming did before it started at the checkpoint. */
async function wholeSession(file: string): Promise<SavedSession> {
  const loaded = await loadSession(file);
  return {
    id: loaded.id,
    path: loaded.path,
    events: loaded.events,
    projection: projectSession(loaded.events),
    warnings: loaded.warnings,
  };
}

describe('resuming from the last checkpoint', () => {
  const box = sessionBox('resume-checkpoint');

  it('sends the provider the same next request as the whole history gives, ask_user answers included', async () => {
    const sessions = path.join(box.home, 'sessions');
    fs.mkdirSync(sessions, { recursive: true });
    const file = path.join(sessions, '2026-11-30T00-00-00-aaaa.jsonl');
    const written = writeLongSession(file, {
      turns: 400,
      compactedTurnsAgo: 30,
      cwd: box.workspace,
      model: 'fake-model',
    });
    const copy = path.join(sessions, '2026-11-30T00-00-00-bbbb.jsonl');
    fs.copyFileSync(file, copy);
    box.server = await startOpenAIChatServer([{ text: 'one' }, { text: 'two' }]);

    const fromCheckpoint = await openSavedSession(file);
    // Two responses and two tool ends a turn, for each of the 370 turns before the checkpoint.
    expect(fromCheckpoint.omitted).toBe(370 * 4);
    for (const saved of [fromCheckpoint, await wholeSession(copy)]) {
      const session = await boxSession(box, {
        person: allowAll,
        resume: saved,
        onEvent: () => undefined,
      });
      await session.runTurn('And module 400?');
      await session.close();
    }

    const [resumed, whole] = box.server.requests.map((request) => request.body);
    expect(resumed!.messages).toEqual(whole!.messages);
    const sent = JSON.stringify(resumed!.messages);
    const beforeCheckpoint = [...written.answers].filter(([id]) => Number(id.split('_')[1]) < 370);
    expect(beforeCheckpoint).toHaveLength(37);
    // The ledger quotes each answer verbatim; the wire escapes it as JSON text.
    for (const [, output] of beforeCheckpoint) {
      expect(sent).toContain(`result: ${JSON.stringify(output).slice(1, -1)}`);
    }
    expect(sent).toContain('Fixed modules 0 to 369');
    expect(sent).not.toContain('module 369 and fix');
    expect(sent).toContain('module 370 and fix');
  });
});
