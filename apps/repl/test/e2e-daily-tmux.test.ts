import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer, type ScriptedTurn } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

/** What the fake was sent, as one string, for the request at `index`. */
function sent(server: FakeServer, index: number): string {
  return JSON.stringify(server.requests[index]?.body.messages ?? []);
}

describe('daily-driver features in tmux against the openai-chat fake', () => {
  const bed = replTmuxBed('repl-daily', { session: 'daily', sessionPerLaunch: true });
  const { typeText: type, keys: key, waitFor, waitGone } = bed;

  async function launch(turns: ScriptedTurn[]): Promise<FakeServer> {
    const server = (bed.server = await startOpenAIChatServer(turns));
    bed.launch({ cols: 100, rows: 30 });
    await waitFor('openai-chat/fake-model');
    await waitFor('· ready ·');
    return server;
  }

  it('@src/ma lists matching workspace paths under the prompt; Tab puts one in; the file reaches the model', async () => {
    mkdirSync(path.join(bed.workspace, 'src'));
    mkdirSync(path.join(bed.workspace, 'build', 'src'), { recursive: true });
    writeFileSync(path.join(bed.workspace, '.gitignore'), 'build/\n');
    writeFileSync(path.join(bed.workspace, 'build', 'src', 'main.ts'), 'ignored\n');
    writeFileSync(path.join(bed.workspace, 'src', 'main.ts'), 'export const answer = 42;\n');
    writeFileSync(path.join(bed.workspace, 'src', 'mail.ts'), 'export const mail = 1;\n');
    const fake = await launch([{ text: 'The answer is 42.' }]);
    type('explain @src/ma');
    // The list shows both matches, the gitignored copy is not one of them.
    const listed = await waitFor('  @src/main.ts');
    expect(listed).toContain('  @src/mail.ts');
    expect(listed).not.toContain('build/');
    type('in');
    await waitFor('explain @src/main');
    key('Tab');
    await waitFor('explain @src/main.ts');
    type('please');
    key('Enter');
    const screen = await waitFor('The answer is 42.');
    expect(screen).toContain('@src/main.ts (1 line)');
    expect(sent(fake, 0)).toContain('export const answer = 42;');
    expect(sent(fake, 0)).not.toContain('ignored');
  });

  it('!echo hi shows hi without a model turn, and the next request carries it', async () => {
    const fake = await launch([{ text: 'You printed hi.' }]);
    type('!echo hi; echo done-$((40+2))');
    key('Enter');
    await waitFor('done-42');
    // The live progress line shows done-42 while the command still runs: wait for its end.
    const screen = await waitFor('· ready ·');
    expect(screen).toMatch(/^\s*hi\s*$/m);
    expect(fake.requests).toHaveLength(0);
    type('what did it print?');
    key('Enter');
    await waitFor('You printed hi.');
    expect(sent(fake, 0)).toContain('$ echo hi; echo done-$((40+2))');
    expect(sent(fake, 0)).toContain('hi\\ndone-42');
  });

  it('a custom command from .agent/commands expands $ARGUMENTS and is listed', async () => {
    mkdirSync(path.join(bed.workspace, '.agent', 'commands'), { recursive: true });
    writeFileSync(
      path.join(bed.workspace, '.agent', 'commands', 'greet.md'),
      '---\ndescription: greet someone warmly\n---\nWrite a warm greeting for $ARGUMENTS.\n',
    );
    const fake = await launch([{ text: 'Hello, dear world!' }]);
    type('/gr');
    await waitFor('greet someone warmly');
    key('Escape');
    // A letter sent right behind Esc would read as Alt+letter: the menu closes first.
    await waitGone('greet someone warmly');
    type('eet the world');
    key('Enter');
    await waitFor('Hello, dear world!');
    expect(sent(fake, 0)).toContain('Write a warm greeting for the world.');
    type('/help');
    key('Enter');
    await waitFor('greet someone warmly');
  });

  it('/undo restores the file the last turn edited, and a second /undo the turn before', async () => {
    const file = path.join(bed.workspace, 'notes.txt');
    writeFileSync(file, 'zero\n');
    const writeTurn = (id: string, content: string): ScriptedTurn => ({
      text: '',
      toolCalls: [{ id, name: 'write_file', arguments: { path: 'notes.txt', content } }],
    });
    await launch([
      writeTurn('w1', 'one\n'),
      { text: 'Wrote one.' },
      writeTurn('w2', 'two\n'),
      { text: 'Wrote two.' },
    ]);
    for (const [prompt, done] of [
      ['write one', 'Wrote one.'],
      ['write two', 'Wrote two.'],
    ] as const) {
      type(prompt);
      key('Enter');
      await waitFor('Yes, allow once');
      key('Enter');
      await waitFor(done);
      await waitFor('· ready ·');
    }
    expect(readFileSync(file, 'utf8')).toBe('two\n');
    // Esc, then Enter once the menu is gone: an Esc and an Enter read together are Alt+Enter.
    type('/undo');
    await waitFor("restore the files the agent's last turn changed");
    key('Escape');
    await waitGone("restore the files the agent's last turn changed");
    key('Enter');
    await waitFor('Undone: restored notes.txt');
    expect(readFileSync(file, 'utf8')).toBe('one\n');
    type('/undo');
    await waitFor("restore the files the agent's last turn changed");
    key('Escape');
    await waitGone("restore the files the agent's last turn changed");
    key('Enter');
    const until = Date.now() + 10000;
    while (Date.now() < until && readFileSync(file, 'utf8') !== 'zero\n') {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(readFileSync(file, 'utf8')).toBe('zero\n');
    type('/undo');
    await waitFor("restore the files the agent's last turn changed");
    key('Escape');
    await waitGone("restore the files the agent's last turn changed");
    key('Enter');
    await waitFor('Nothing to undo: no file changes left from earlier turns.');
  });

  it('/init asks the model to survey the project and write AGENTS.md, on a permission card', async () => {
    writeFileSync(
      path.join(bed.workspace, 'package.json'),
      '{"name":"demo","scripts":{"test":"jest"}}\n',
    );
    const fake = await launch([
      {
        text: '',
        toolCalls: [{ id: 'l1', name: 'list_files', arguments: {} }],
      },
      {
        text: '',
        toolCalls: [
          {
            id: 'w1',
            name: 'write_file',
            arguments: { path: 'AGENTS.md', content: '# demo\n\nRun the tests with `npm test`.\n' },
          },
        ],
      },
      { text: 'Drafted AGENTS.md.' },
    ]);
    type('/init');
    await waitFor('draft an AGENTS.md');
    key('Escape');
    await waitGone('draft an AGENTS.md');
    key('Enter');
    await waitFor('Yes, allow once');
    key('Enter');
    await waitFor('Drafted AGENTS.md.');
    expect(sent(fake, 0)).toContain('Draft an AGENTS.md for this workspace');
    expect(sent(fake, 1)).toContain('package.json');
    expect(readFileSync(path.join(bed.workspace, 'AGENTS.md'), 'utf8')).toContain('npm test');
  });
});
