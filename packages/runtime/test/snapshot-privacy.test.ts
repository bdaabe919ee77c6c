import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { allowAll } from '@agent/tools';
import { sessionBox, boxSession } from './support/session-box';

/** Every folder and file below `root`, with its permission bits. */
function modes(root: string): Array<{ entry: string; dir: boolean; mode: number }> {
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).map((entry) => {
    const stat = fs.statSync(path.join(root, entry));
    return { entry, dir: stat.isDirectory(), mode: stat.mode & 0o777 };
  });
}

describe('AgentSession: snapshots for /undo', () => {
  const box = sessionBox('snapshots');

  it('are as private as sessions, whatever the agent home mode (issue 26 item 17)', async () => {
    fs.chmodSync(box.home, 0o755);
    fs.writeFileSync(path.join(box.workspace, '.env'), 'TOKEN=before-the-edit\n');
    box.server = await startOpenAIChatServer([
      {
        toolCalls: [
          { id: 'c1', name: 'write_file', arguments: { path: '.env', content: 'TOKEN=after\n' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const session = await boxSession(box, { person: allowAll });
    try {
      expect((await session.runTurn('edit .env')).reason).toBe('done');
    } finally {
      await session.close();
    }
    const root = path.join(box.home, 'snapshots');
    const entries = modes(root);
    expect(entries.some((e) => !e.dir)).toBe(true);
    expect(fs.statSync(root).mode & 0o777).toBe(0o700);
    for (const e of entries)
      expect({ ...e, mode: e.mode.toString(8) }).toEqual({ ...e, mode: e.dir ? '700' : '600' });
  });
});
