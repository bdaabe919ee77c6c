import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expandCommand, loadCustomCommands } from '../src';

describe('custom commands', () => {
  let home: string;
  let workspace: string;
  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'cmd-home-'));
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'cmd-ws-'));
    fs.mkdirSync(path.join(home, 'commands'));
    fs.mkdirSync(path.join(workspace, '.agent', 'commands'), { recursive: true });
  });
  afterEach(() => {
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(workspace, { recursive: true, force: true });
  });
  const put = (dir: string, name: string, text: string) =>
    fs.writeFileSync(path.join(dir, name), text);

  it('skips a workspace command that links outside the workspace, and a FIFO (issue 26 item 4)', async () => {
    const ws = path.join(workspace, '.agent', 'commands');
    const secret = path.join(home, 'secret.md');
    fs.writeFileSync(secret, 'the private notes of the person');
    fs.symlinkSync(secret, path.join(ws, 'review.md'));
    execFileSync('mkfifo', [path.join(ws, 'stuck.md')]);
    put(ws, 'fine.md', 'A fine command.');
    // The user's own commands may link anywhere.
    fs.symlinkSync(secret, path.join(home, 'commands', 'notes.md'));
    const loaded = await loadCustomCommands(home, workspace);
    expect(loaded.commands.map((c) => c.name)).toEqual(['/fine', '/notes']);
    expect(loaded.errors.join('\n')).toMatch(
      /review\.md: skipped: it links to .*secret\.md, outside the workspace/,
    );
    expect(loaded.errors.join('\n')).toMatch(/stuck\.md: skipped: it is not a regular file/);
  });

  it('loads user and workspace files, the workspace winning, and reports bad files', async () => {
    put(path.join(home, 'commands'), 'review.md', 'User review of $ARGUMENTS');
    put(path.join(home, 'commands'), 'mine.md', '---\ndescription: only mine\n---\nMine.');
    const ws = path.join(workspace, '.agent', 'commands');
    put(ws, 'review.md', '---\ndescription: review a file\n---\nReview $ARGUMENTS carefully.\n');
    put(ws, 'empty.md', '---\ndescription: nothing\n---\n');
    put(ws, 'broken.md', '---\ndescription: [unclosed\n---\nBody');
    put(ws, 'help.md', 'shadowing a built-in');
    put(ws, 'notes.txt', 'not a command');
    const { commands, errors } = await loadCustomCommands(home, workspace, new Set(['/help']));
    expect(commands.map((c) => [c.name, c.description])).toEqual([
      ['/mine', 'only mine'],
      ['/review', 'review a file'],
    ]);
    expect(errors).toEqual([
      expect.stringMatching(/broken\.md: front matter is not valid YAML/),
      expect.stringMatching(/empty\.md: the body \(the prompt\) is empty/),
      expect.stringMatching(/help\.md: \/help is a built-in command/),
    ]);
    const review = commands.find((c) => c.name === '/review')!;
    expect(expandCommand(review, 'src/a.ts')).toBe('Review src/a.ts carefully.');
    expect(expandCommand(commands[0]!, 'extra words')).toBe('Mine.\n\nextra words');
  });

  it('is empty when neither folder exists', async () => {
    const none = await loadCustomCommands(path.join(home, 'x'), path.join(workspace, 'y'));
    expect(none).toEqual({ commands: [], errors: [] });
  });
});
