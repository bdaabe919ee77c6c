import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

describe('keys that add a newline to the prompt, on a real screen', () => {
  it('Alt+Enter (ESC CR) and Ctrl+J add a newline; Enter sends the lines together', async () => {
    const provider = new ScriptedProvider([reply('got both')], AS_OPENAI_CHAT);
    const h = await new Harness().start(provider);
    try {
      await h.waitForText('· ready');
      await h.type('alpha');
      h.send('\x1b\r');
      await h.type('beta');
      h.send('\n');
      await h.type('gamma');
      await h.waitFor((s) => /› alpha\n\s+beta\n\s+gamma/.test(s), 'three lines in the prompt');
      expect(provider.requests).toHaveLength(0);
      h.send('\r');
      await h.waitForText('got both');
      expect(provider.requests[0]!.messages.at(-1)).toEqual({
        role: 'user',
        text: 'alpha\nbeta\ngamma',
      });
    } finally {
      await h.stop();
    }
  });

  it('a lone Esc, then Enter on its own, still sends', async () => {
    const provider = new ScriptedProvider([reply('sent')], AS_OPENAI_CHAT);
    const h = await new Harness().start(provider);
    try {
      await h.waitForText('· ready');
      await h.type('alpha');
      h.send('\x1b');
      await h.type('\r');
      await h.waitForText('sent');
      expect(provider.requests[0]!.messages.at(-1)).toEqual({ role: 'user', text: 'alpha' });
    } finally {
      await h.stop();
    }
  });
});
