import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pngFile, startOpenAIChatServer } from '@agent/testkit';
import { allowAll } from '@agent/tools';
import { findSession, readImageFile } from '../src';
import { sessionBox, boxSession } from './support/session-box';

const PNG = pngFile({ width: 3, height: 3 });

describe('readImageFile', () => {
  const box = sessionBox('image-file');

  it('reads an image by its bytes, whatever its name', async () => {
    fs.writeFileSync(path.join(box.workspace, 'picture.txt'), PNG);
    const image = await readImageFile(box.workspace, 'picture.txt');
    expect(image).toMatchObject({ name: 'picture.txt', mediaType: 'image/png', size: PNG.length });
    expect(Buffer.from(image.data!, 'base64')).toEqual(PNG);
  });

  it('refuses a FIFO at once instead of waiting on it, and folders and missing files', async () => {
    const fifo = path.join(box.workspace, 'pipe.png');
    execFileSync('mkfifo', [fifo]);
    await expect(readImageFile(box.workspace, 'pipe.png')).rejects.toThrow(
      'pipe.png is not a regular file',
    );
    await expect(readImageFile(box.workspace, '.')).rejects.toThrow('. is not a regular file');
    await expect(readImageFile(box.workspace, 'gone.png')).rejects.toThrow(
      'gone.png: no such file',
    );
  });
});

describe('AgentSession with images', () => {
  const box = sessionBox('session-images');

  it('stores them by hash, private, and a resumed session sends them from the store', async () => {
    fs.chmodSync(box.home, 0o755);
    box.server = await startOpenAIChatServer([{ text: 'A square.' }, { text: 'Same square.' }]);
    const first = await boxSession(box, { person: allowAll });
    fs.writeFileSync(path.join(box.workspace, 'shot.png'), PNG);
    const shot = await readImageFile(box.workspace, 'shot.png');
    let id: string | undefined;
    try {
      expect((await first.runTurn('look', { images: [shot] })).reason).toBe('done');
      id = first.sessionId;
    } finally {
      await first.close();
    }
    const stored = path.join(box.home, 'images', shot.sha256.slice(0, 2), shot.sha256);
    expect(fs.readFileSync(stored)).toEqual(PNG);
    expect(fs.statSync(stored).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(box.home, 'images')).mode & 0o777).toBe(0o700);

    const saved = await findSession(box.home, box.workspace, { resume: id! });
    const again = await boxSession(box, { person: allowAll, resume: saved });
    try {
      expect(again.history[0]).toMatchObject({ role: 'user', images: [{ ...shot }] });
      expect((await again.runTurn('again')).reason).toBe('done');
    } finally {
      await again.close();
    }
    expect(box.server.requests[1]!.images).toEqual([{ mediaType: 'image/png', bytes: PNG }]);
  });

  it('refuses more than ten images in one message, sending nothing', async () => {
    box.server = await startOpenAIChatServer([{ text: 'never' }]);
    fs.writeFileSync(path.join(box.workspace, 'shot.png'), PNG);
    const shot = await readImageFile(box.workspace, 'shot.png');
    const session = await boxSession(box, { person: allowAll });
    try {
      const result = await session.runTurn('look', { images: Array(11).fill(shot) });
      expect(result).toMatchObject({
        reason: 'error',
        error: '11 images attached: a message may carry at most 10',
      });
    } finally {
      await session.close();
    }
    expect(box.server.requests).toHaveLength(0);
  });
});
