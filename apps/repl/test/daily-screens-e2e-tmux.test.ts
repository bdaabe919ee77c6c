import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer, type ScriptedTurn } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

const SIZE = { cols: 80, rows: 24 };

/** The screens of issue 28 at 80x24, in tmux against the openai-chat fake. */
describe('daily screens at 80x24 in tmux', () => {
  const bed = replTmuxBed('repl-screens', { session: 'screens', sessionPerLaunch: true });
  const { driver, typeText: type, keys: key, waitFor, waitGone } = bed;

  async function launch(turns: ScriptedTurn[], extra: string[] = []): Promise<FakeServer> {
    const server = (bed.server = await startOpenAIChatServer(turns));
    bed.launch(SIZE, ...extra);
    await waitFor('· ready ·');
    return server;
  }
  const rowsOf = (screen: string) => screen.split('\n');
  /** The screen once `done` holds for it (within 15 s). */
  async function waitUntil(done: (screen: string) => boolean): Promise<string> {
    const until = Date.now() + 15_000;
    for (;;) {
      const screen = driver.capture(bed.session);
      if (done(screen)) return screen;
      if (Date.now() > until) throw new Error(`timed out; screen:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('a command shows its last lines under its row, folded with +N lines (Ctrl+O); a failed one its error', async () => {
    await launch(
      [
        {
          toolCalls: [
            { id: 'c1', name: 'run_shell', arguments: { command: 'echo hello; echo world' } },
          ],
        },
        {
          toolCalls: [{ id: 'c2', name: 'run_shell', arguments: { command: 'seq 1 9; exit 3' } }],
        },
        {
          toolCalls: [
            { id: 'c3', name: 'run_shell', arguments: { command: 'ls /no-such-dir-here' } },
          ],
        },
        { text: 'All ran.' },
      ],
      // Unsandboxed, so the rows are the same on machines with and without bubblewrap.
      ['--allow', 'run_shell', '--sandbox', 'off'],
    );
    type('run them');
    key('Enter');
    const screen = await waitFor('All ran.');
    const rows = rowsOf(screen);
    const ok = rows.findIndex((row) => row.includes('$ echo hello; echo world'));
    expect(rows[ok]).toMatch(/^✓ \$ echo hello; echo world · exit 0 · \d+\.\d s\s*$/);
    expect(rows.slice(ok + 1, ok + 3).map((row) => row.trim())).toEqual(['hello', 'world']);
    expect(rows[ok + 3]).toMatch(/^✗ \$ seq 1 9; exit 3 · exit 3 · \d+\.\d s\s*$/);
    expect(rows.slice(ok + 4, ok + 9).map((row) => row.trim())).toEqual([
      '… +5 lines (Ctrl+O)',
      '6',
      '7',
      '8',
      '9',
    ]);
    const failed = rows.findIndex((row) => row.includes('$ ls /no-such-dir-here'));
    expect(rows[failed + 1]).toMatch(/No such file or directory/);
    expect(screen).not.toContain('[exit code');
    key('C-o');
    const open = await waitFor('    1');
    expect(open).toMatch(/^\s+1\s*$/m);
    expect(open).not.toContain('+5 lines');
  });

  it('/help fits 80 columns: usage in its column, descriptions wrapping within theirs', async () => {
    await launch([]);
    // Esc, then Enter once the menu is gone: an Esc and an Enter read together are Alt+Enter.
    type('/help');
    await waitFor('/help'.padEnd(25) + 'keys');
    key('Escape');
    await waitGone('/help'.padEnd(25) + 'keys');
    key('Enter');
    const screen = await waitFor('!command');
    const rows = rowsOf(screen);
    const at = rows.findIndex((row) => row.includes('/permissions [list|add|edit]'));
    expect(rows[at]).toMatch(/^ {2}\/permissions \[list\|add\|edit\] +pick rules by scope/);
    const column = rows[at]!.indexOf('pick rules by scope');
    // The description's next row continues in its own column, not at column 0.
    expect(rows[at + 1]).toMatch(new RegExp(`^ {${column}}\\S`));
    const commands = rows.slice(
      rows.findIndex((row) => row.startsWith('  /')),
      rows.indexOf('Prompts:'),
    );
    for (const row of commands) expect(row).toMatch(/^ {2}\S| {20}/);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(80);
  });

  it('the @ list shows matches under the prompt as you type; Down and Tab pick; Esc closes', async () => {
    mkdirSync(path.join(bed.workspace, 'src', 'parser'), { recursive: true });
    mkdirSync(path.join(bed.workspace, 'dist'));
    writeFileSync(path.join(bed.workspace, '.gitignore'), 'dist/\n');
    for (const name of ['expression.ts', 'expression-list.ts', 'statement.ts']) {
      writeFileSync(path.join(bed.workspace, 'src', 'parser', name), `// ${name}\n`);
    }
    writeFileSync(path.join(bed.workspace, 'dist', 'expression.js'), '// built\n');
    await launch([]);
    type('look at @parser/expr');
    const screen = await waitFor('@src/parser/expression-list.ts');
    const rows = rowsOf(screen);
    const prompt = rows.findIndex((row) => row.startsWith('› look at @parser/expr'));
    // Best match first, right above the rule over the prompt; the ignored build is not listed.
    expect(rows.slice(prompt - 3, prompt).map((row) => row.trimEnd())).toEqual([
      '  @src/parser/expression.ts',
      '  @src/parser/expression-list.ts',
      '─'.repeat(80),
    ]);
    expect(screen).not.toContain('dist/');
    key('Down');
    key('Tab');
    await waitFor('› look at @src/parser/expression-list.ts');
    expect(driver.capture(bed.session)).not.toContain('  @src/parser/expression.ts');
    type('and @zzz');
    await waitFor('@ no workspace file matches zzz');
    key('Escape');
    const closed = await waitUntil((screen) => !screen.includes('no workspace file matches'));
    expect(closed).toContain('› look at @src/parser/expression-list.ts and @zzz');
  });

  it('/model opens a picker of the provider models with the current one marked; Enter switches', async () => {
    await launch([]);
    type('/model');
    await waitFor("pick one of the provider's models");
    key('Escape');
    await waitGone("pick one of the provider's models");
    key('Enter');
    const screen = await waitFor('Models of openai-chat');
    expect(screen).toContain('❯ ● fake-model');
    expect(screen).toContain('    fake-model-mini');
    key('Down');
    key('Down');
    await waitFor('❯   fake-model-mini');
    key('Enter');
    const switched = await waitFor('Model: openai-chat / fake-model-mini');
    expect(switched).not.toContain('Models of openai-chat');
    expect(rowsOf(switched).at(-2)).toContain('openai-chat/fake-model-mini');
  });

  it('/permissions opens a picker of the rules by scope; Delete removes; unapproved rules say so', async () => {
    mkdirSync(path.join(bed.workspace, '.agent'));
    const settings = path.join(bed.workspace, '.agent', 'settings.json');
    writeFileSync(
      settings,
      JSON.stringify({ permissions: { allow: ['run_shell(make)'], deny: ['run_shell(rm)'] } }),
    );
    await launch([], ['--allow', 'run_shell(npm test)']);
    type('/permissions');
    await waitFor('pick rules by scope');
    key('Escape');
    await waitGone('pick rules by scope');
    key('Enter');
    const screen = await waitFor('Permission rules (deny wins)');
    const rows = rowsOf(screen).map((row) => row.trimEnd());
    const top = rows.findIndex((row) => row.startsWith('Permission rules'));
    expect(rows.slice(top + 1, top + 6)).toEqual([
      'Command line (--allow, --deny)',
      '❯   allow run_shell(npm test)',
      'This workspace (.agent/settings.json)',
      '    deny  run_shell(rm)',
      '    allow run_shell(make)  · not approved, does not apply (a approves the file)',
    ]);
    key('Down');
    await waitFor('❯   deny  run_shell(rm)');
    key('DC');
    await waitFor('Removed the deny rule run_shell(rm).');
    const after = await waitFor('❯   allow run_shell(make)');
    expect(after).not.toContain('deny  run_shell(rm)');
    expect(JSON.parse(readFileSync(settings, 'utf8')).permissions.deny ?? []).toEqual([]);
    type('a');
    await waitFor('its allow rules apply');
    const approved = await waitFor('❯   allow run_shell(make)');
    expect(approved).not.toContain('not approved');
    key('Escape');
    await waitUntil((text) => !text.includes('Permission rules (deny wins)'));
  });
});
