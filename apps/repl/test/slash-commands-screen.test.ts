import { ScriptedProvider } from '@agent/llm/testing';
import { SLASH_COMMANDS } from '../src/app/commands/slash-commands';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';

describe('the built-in commands on a blessed screen', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('/help lists every built-in command, /exit beside /quit', async () => {
    // Tall enough for the whole help text.
    h = await new Harness(80, 56).start(new ScriptedProvider([], AS_OPENAI_CHAT), {
      sandbox: 'off',
    });
    await h.type('/he');
    await h.waitForText('keys and commands');
    h.send(ENTER); // runs /help from the / menu
    const screen = await h.waitForText('!command');
    expect(screen).toMatch(/^ {2}\/quit, \/exit +save and exit$/m);
    for (const command of SLASH_COMMANDS) {
      expect(screen.split('\n').some((row) => row.startsWith(`  ${command.usage}`))).toBe(true);
    }
  });

  it('offers /exit in the / menu', async () => {
    h = await new Harness(80, 24).start(new ScriptedProvider([], AS_OPENAI_CHAT), {
      sandbox: 'off',
    });
    await h.type('/ex');
    const screen = await h.waitForText('save and exit');
    expect(screen).toContain('/exit');
  });
});
