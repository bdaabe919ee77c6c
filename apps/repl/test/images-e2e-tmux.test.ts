import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gifFile, pngFile, startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

const driver = new TmuxDriver('repl-images');
const PNG = pngFile({ width: 5, height: 5 });
const GIF = gifFile();

describe('images in the REPL (tmux, 80x24)', () => {
  let home: string;
  let workspace: string;
  let desktop: string;
  let server: FakeServer | undefined;

  beforeEach(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'repl-img-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'repl-img-ws-'));
    // Screenshots live outside the workspace, in a folder with a space in its name.
    desktop = path.join(mkdtempSync(path.join(os.tmpdir(), 'repl-img-desk-')), 'My Shots');
    mkdirSync(desktop);
  });
  afterEach(async () => {
    driver.kill();
    await server?.close();
    server = undefined;
    for (const dir of [home, workspace, path.dirname(desktop)]) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  async function launch(name: string, extra: string[] = []): Promise<void> {
    const command = replAgainstFake({ serverUrl: server!.url, agentHome: home, workspace, extra });
    driver.start(name, command, { cols: 80, rows: 24 });
    await driver.waitFor(name, '· ready');
  }

  it('a pasted path and an @ mention become images the fake receives; resume sends them again', async () => {
    server = await startOpenAIChatServer([
      { text: ['Two pictures: a square and a dot.'] },
      { text: ['Still the same two.'] },
    ]);
    const shot = path.join(desktop, 'Screen Shot 1.png');
    writeFileSync(shot, PNG);
    writeFileSync(path.join(workspace, 'dot.gif'), GIF);
    await launch('img');

    // A dropped file: the terminal pastes its quoted path.
    driver.paste('img', `'${shot}'`);
    const attached = await driver.waitFor('img', `[image Screen Shot 1.png · ${PNG.length} B]`);
    expect(attached).not.toContain(desktop);
    driver.type('img', 'what is in these? @dot.gif');
    driver.keys('img', 'Enter');
    const answered = await driver.waitFor('img', 'Two pictures: a square and a dot.');
    expect(answered).toMatch(
      new RegExp(
        `› what is in these\\? @dot\\.gif\\n\\[image dot\\.gif · ${GIF.length} B\\]\\n\\[image Screen Shot 1\\.png · ${PNG.length} B\\]\\n`,
      ),
    );
    expect(server.requests[0]!.images).toEqual([
      { mediaType: 'image/gif', bytes: GIF },
      { mediaType: 'image/png', bytes: PNG },
    ]);
    // Sent: the input area no longer shows it.
    expect(answered).not.toContain('(Backspace removes)');
    await driver.quitRepl('img');

    rmSync(shot);
    await launch('again', ['--continue']);
    const replayed = await driver.waitFor('again', 'Resumed session');
    expect(replayed).toContain(`[image Screen Shot 1.png · ${PNG.length} B]`);
    driver.type('again', 'and now?');
    driver.keys('again', 'Enter');
    await driver.waitFor('again', 'Still the same two.');
    expect(server.requests[1]!.images).toEqual(server.requests[0]!.images);
  });

  it('a file:// path can be removed with Backspace; a text file is pasted as text; Enter sends images alone', async () => {
    server = await startOpenAIChatServer([
      { text: ['No picture here.'] },
      { text: ['A lone square.'] },
    ]);
    const shot = path.join(desktop, 'shot.png');
    writeFileSync(shot, PNG);
    const notes = path.join(desktop, 'notes.png');
    writeFileSync(notes, 'not a picture\n');
    await launch('edit');

    driver.paste('edit', pathToFileURL(shot).href);
    await driver.waitFor('edit', `[image shot.png · ${PNG.length} B]  (Backspace removes)`);
    driver.keys('edit', 'BSpace');
    for (let i = 0; i < 50 && driver.capture('edit').includes('[image shot.png'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(driver.capture('edit')).not.toContain('[image shot.png');

    driver.type('edit', 'read ');
    driver.paste('edit', notes);
    await driver.waitFor('edit', `› read ${notes.slice(0, 40)}`);
    driver.keys('edit', 'Enter');
    await driver.waitFor('edit', 'No picture here.');
    expect(server.requests[0]!.images).toEqual([]);
    expect(server.requests[0]!.body.messages.at(-1).content).toBe(`read ${notes}`);

    driver.paste('edit', shot.replace(/ /g, '\\ '));
    await driver.waitFor('edit', `[image shot.png · ${PNG.length} B]  (Backspace removes)`);
    driver.keys('edit', 'Enter');
    await driver.waitFor('edit', 'A lone square.');
    expect(server.requests[1]!.images).toEqual([{ mediaType: 'image/png', bytes: PNG }]);
    expect(server.requests[1]!.body.messages.at(-1).content).toEqual([
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
    ]);
  });
});
