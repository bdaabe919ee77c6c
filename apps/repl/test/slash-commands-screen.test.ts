import { ScriptedProvider } from '@agent/llm/testing';
import { modeLabel, nextMode, type AgentMode } from '@agent/runtime';
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

  it('/help words Shift+Tab as the mode cycle it is: every mode in order, back to the first', async () => {
    h = await new Harness(80, 56).start(new ScriptedProvider([], AS_OPENAI_CHAT), {
      sandbox: 'off',
    });
    await h.type('/help');
    h.send(ENTER);
    const screen = await h.waitForText('!command');
    // The entry's rows: its own first row, then the rows that continue its description.
    const rows = screen.split('\n');
    const first = rows.findIndex((row) => row.startsWith('  Shift+Tab '));
    const end = rows.findIndex((row, i) => i > first && !row.startsWith('    '));
    const description = rows
      .slice(first, end)
      .join(' ')
      .replace('Shift+Tab', '')
      .replace(/\s+/g, ' ')
      .trim();
    const cycle: AgentMode[] = ['default'];
    while (cycle.length === 1 || cycle.at(-1) !== 'default') cycle.push(nextMode(cycle.at(-1)!));
    expect(description).toContain(`cycle the mode: ${cycle.map(modeLabel).join(' → ')} (`);
    expect(description).toContain('on a questionnaire or form, the previous question');
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
