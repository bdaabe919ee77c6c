import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HISTORY_LIMIT, PromptHistory } from './prompt-history';

describe('PromptHistory', () => {
  let home: string;
  beforeEach(() => (home = mkdtempSync(path.join(os.tmpdir(), 'history-'))));
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it('keeps prompts per workspace across instances, skipping torn lines and huge pastes', async () => {
    const first = new PromptHistory(home, '/work/a');
    first.add('fix the tests');
    first.add('   ');
    first.add('x'.repeat(20_000));
    first.add('and run them');
    new PromptHistory(home, '/work/b').add('other workspace');
    await first.flush();
    appendFileSync(first.file, '{"cwd":"/work/a","text":"torn');
    expect(await new PromptHistory(home, '/work/a').load()).toEqual([
      'fix the tests',
      'and run them',
    ]);
    expect(await new PromptHistory(home, '/nowhere').load()).toEqual([]);
  });

  it('stays bounded: loads the latest prompts and rewrites a grown file atomically', async () => {
    const history = new PromptHistory(home, '/work/a');
    for (let i = 0; i < 2 * HISTORY_LIMIT + 5; i++) history.add(`prompt ${i}`);
    await history.flush();
    const reader = new PromptHistory(home, '/work/a');
    const loaded = await reader.load();
    await reader.flush();
    expect(loaded).toHaveLength(HISTORY_LIMIT);
    expect(loaded.at(-1)).toBe(`prompt ${2 * HISTORY_LIMIT + 4}`);
    const again = new PromptHistory(home, '/work/a');
    await again.load();
    await again.flush();
    const lines = readFileSync(again.file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(HISTORY_LIMIT);
    expect(readdirSync(path.dirname(again.file))).toEqual([path.basename(again.file)]);
  });

  it('reports a file it cannot write, once per failure, and keeps going', async () => {
    const errors: string[] = [];
    const blocked = path.join(home, 'file');
    appendFileSync(blocked, '');
    const history = new PromptHistory(blocked, '/work/a', (e) => errors.push(e.message));
    history.add('hello');
    await history.flush();
    expect(errors).toHaveLength(1);
    expect(await history.load()).toEqual([]);
  });
});
