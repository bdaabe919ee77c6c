import { promises as fs } from 'node:fs';
import { gifFile, pngFile } from '@agent/testkit';
import { imagePart } from '@agent/llm';
import { loadSession, projectMessages } from '../src';
import { fixturePath, tempAgentHome, testWriter } from './helpers';

const HASH = 'a'.repeat(64);

describe('images in session files', () => {
  it('load by reference; a line whose images are not references is skipped with a reason', async () => {
    const loaded = await loadSession(fixturePath('v1/images.jsonl'));
    expect(loaded.warnings).toEqual([
      {
        line: 4,
        reason: 'user: "images.0.sha256": not a content hash, skipped',
      },
    ]);
    expect(projectMessages(loaded.events)).toEqual([
      {
        role: 'user',
        text: 'Why is the header broken?',
        images: [{ sha256: HASH, mediaType: 'image/png', name: 'shot.png', size: 49152 }],
      },
      { role: 'assistant', text: 'The header overflows.', toolCalls: [] },
    ]);
  });

  it('are recorded without their bytes', async () => {
    const { home, cleanup } = await tempAgentHome();
    try {
      const writer = await testWriter(home);
      const images = [imagePart('a.png', pngFile()), imagePart('b.gif', gifFile())];
      writer.recordUser('compare these', undefined, undefined, images);
      await writer.close();
      const text = await fs.readFile(writer.path, 'utf8');
      for (const image of images) expect(text).not.toContain(image.data);
      const messages = projectMessages((await loadSession(writer.path)).events);
      expect(messages).toEqual([
        {
          role: 'user',
          text: 'compare these',
          images: images.map(({ data: _data, ...ref }) => ref),
        },
      ]);
    } finally {
      await cleanup();
    }
  });
});
