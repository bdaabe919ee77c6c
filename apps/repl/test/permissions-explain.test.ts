import { ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

// Issue 33: a command's verdict is explainable, rule by rule, from the same decision a card follows.

const ENTER = '\r';

describe('/permissions explain', () => {
  it('says why a line is denied, asks or runs free, with the rules in force, running nothing', async () => {
    const repl = await new Harness(120, 40).start(new ScriptedProvider([], AS_OPENAI_CHAT), {
      deny: ['run_shell(touch)'],
    });
    try {
      await repl.type('/permissions explain echo touch x | bash');
      repl.send(ENTER);
      let screen = await repl.waitForText('verdict: denied');
      expect(screen).toContain('could run any program');
      expect(screen).toContain('deny run_shell(touch) (--deny)');
      await repl.type('/permissions explain HOME=. git status');
      repl.send(ENTER);
      screen = await repl.waitForText('verdict: asks');
      expect(screen).toMatch(/it sets HOME/);
      await repl.type('/permissions explain ls -la | wc -l');
      repl.send(ENTER);
      screen = await repl.waitForText('`wc -l`: a known read-only command');
      expect(screen).toContain('verdict: runs without a card');
    } finally {
      await repl.stop();
    }
  });
});
