import { writeFileSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { SessionWriter } from '@agent/session';
import { ScriptedProvider } from '@agent/llm/testing';
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

  it('--resume with an unknown or ambiguous id is a usage error before anything is painted', async () => {
    const h = new Harness();
    try {
      const provider = new ScriptedProvider([], AS_OPENAI_CHAT);
      await expect(h.start(provider, { resume: 'nope' })).rejects.toThrow(
        /^--resume: no session matches "nope" in /,
      );
      expect(h.written).toBe(0);
      const ids = ['2026-12-01T10-00-00-aaaa', '2026-12-01T11-00-00-bbbb'];
      for (const id of ids) {
        const writer = await SessionWriter.create({
          agentHome: h.home,
          id,
          cwd: h.workspace,
          provider: 'demo',
          model: 'demo',
        });
        await writer.close();
        const hour = new Date(`${id.slice(0, 13)}:00:00Z`);
        await utimes(writer.path, hour, hour);
      }
      await expect(h.start(provider, { resume: '2026-12' })).rejects.toThrow(
        `--resume: "2026-12" matches 2 sessions, newest first: ${ids[1]}, ${ids[0]}`,
      );
      expect(h.written).toBe(0);
    } finally {
      h.term.dispose();
      h.cleanup();
    }
  });

  it('--continue: the provider comes from the resumed session, not from a flag', async () => {
    const h = new Harness(100);
    const writer = await SessionWriter.create({
      agentHome: h.home,
      cwd: h.workspace,
      provider: 'demo',
      model: 'demo',
    });
    writer.recordUser('hello');
    await writer.close();
    await h.start(undefined, { continue: true });
    try {
      // The replay replaces the start-up lines: the reason is the session's, for whoever shows it.
      await h.waitForText('Resumed session', 15_000);
      expect(h.repl.core.providerReason).toBe('provider "demo" from the resumed session');
    } finally {
      await h.stop();
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
