import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';

describe('what a prompt that starts with / does', () => {
  it('a prompt that starts with a path is sent to the model; an unknown /word is refused', async () => {
    const provider = new ScriptedProvider([reply('It adds numbers.')], AS_OPENAI_CHAT);
    const h = await new Harness(100, 30).start(provider);
    try {
      await h.type('/nosuch thing');
      h.send(ENTER);
      await h.waitForText('Unknown command /nosuch');
      await h.type('/src/math.ts what does this file do?');
      h.send(ENTER);
      await h.waitForText('It adds numbers.');
      expect(provider.requests[0]!.messages.at(-1)).toEqual({
        role: 'user',
        text: '/src/math.ts what does this file do?',
      });
    } finally {
      await h.stop();
    }
  });
});
