import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ScriptedProvider } from '@agent/testkit';
import { AS_OPENAI_CHAT, Harness } from './harness';

describe('start-up', () => {
  it('a configuration error rejects before anything is painted', async () => {
    const h = new Harness();
    try {
      await expect(h.start(undefined, { provider: 'nope' })).rejects.toThrow(
        'unknown provider "nope" (from --provider)',
      );
      expect(h.written).toBe(0);
      writeFileSync(path.join(h.home, 'config.json'), JSON.stringify({ autoCompact: 3 }));
      await expect(h.start(new ScriptedProvider([], AS_OPENAI_CHAT))).rejects.toThrow(
        /config\.json: autoCompact:/,
      );
      expect(h.written).toBe(0);
    } finally {
      h.term.dispose();
      h.cleanup();
    }
  });

  it('Ctrl+C quits while the agent is still loading', async () => {
    const h = new Harness();
    const starting = h.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    h.send('\x03');
    await starting;
    try {
      const code = await Promise.race([
        h.repl.exited,
        new Promise((resolve) => setTimeout(() => resolve('still running'), 3000)),
      ]);
      expect(code).toBe(130);
      expect(h.repl.app.core).toBeUndefined();
    } finally {
      await h.stop();
    }
  });
});
