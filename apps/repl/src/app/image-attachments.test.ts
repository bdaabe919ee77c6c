import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pngFile } from '@agent/testkit';
import { lineText } from '../text/line';
import { bottomRows } from '../ui/bottom-panel';
import { ReplApp } from './repl-app';

describe('pasted image attachments', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'repl-attach-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** An app whose paints resolve `painted()` (the attachment read in the background ends with one). */
  function app(): { app: ReplApp; painted: () => Promise<void> } {
    let wake: () => void = () => undefined;
    const repl = new ReplApp(
      () => wake(),
      () => undefined,
    );
    return { app: repl, painted: () => new Promise<void>((resolve) => (wake = resolve)) };
  }

  it('show a file name as text: terminal escapes in it are never sent to the screen', async () => {
    const file = path.join(dir, 'evil\u001b[2J\u001b]0;owned\u0007shot.png');
    fs.writeFileSync(file, pngFile());
    const { app: repl, painted } = app();
    const shown = painted();
    expect(repl.attachments.paste(`'${file}'`)).toBe(true);
    await shown;
    const rows = bottomRows(repl, 80, 24).map(lineText);
    const row = rows.find((text) => text.includes('[image '));
    expect(row).toMatch(/^ {2}\[image evil.*shot\.png · \d+ B\] {2}\(Backspace removes\)$/);
    expect(rows.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
  });

  it('refuse an eleventh image with the bound named, and keep its path as text', async () => {
    const file = path.join(dir, 'shot.png');
    fs.writeFileSync(file, pngFile());
    const { app: repl, painted } = app();
    for (let i = 0; i < 10; i++) {
      const shown = painted();
      repl.attachments.paste(file);
      await shown;
    }
    expect(repl.attachments.list).toHaveLength(10);
    const shown = painted();
    repl.attachments.paste(file);
    await shown;
    expect(repl.attachments.list).toHaveLength(10);
    expect(repl.transcript.segments.at(-1)).toEqual({
      kind: 'error',
      text: 'Not attached: a message may carry at most 10 images',
    });
    expect(repl.router.input.text).toBe(file);
  });
});
