import { reply, ScriptedProvider } from '@agent/llm/testing';
import { setTerminalWidths } from '../src/text/width';
import { AS_OPENAI_CHAT, Harness } from './harness';

const THUMBS = 'thumbs 👍🏽 end';
const HEART = 'ab ❤️ cd';
const LEFT = '\x1b[D';
const END = '\x1b[F';

/**
 * xterm.js draws these clusters as tmux 3.3 and xterm do: a skin-tone modifier as a wide
 * character of its own after its emoji (four cells in all), ❤️ (VS16) in one cell. The REPL asks
 * the terminal (cursor position reports) and lays everything out to what it answered.
 */
describe('clusters terminals draw at different widths (trial finding 1)', () => {
  afterEach(() => setTerminalWidths());

  it('draws a skin-tone emoji and a VS16 heart whole, at the width the terminal gives them', async () => {
    const h = new Harness(80, 24).answerReports();
    await h.start(new ScriptedProvider([reply(`Echo: ${THUMBS} ${HEART}`)], AS_OPENAI_CHAT));
    try {
      const prompt = (screen: string): string => screen.split('\n').at(-2) ?? '';
      await h.type(THUMBS);
      await h.waitFor((s) => prompt(s) === `› ${THUMBS}`, 'the typed prompt, modifier drawn');
      for (let i = 0; i < 5; i++) h.send(LEFT);
      await h.waitFor((s) => prompt(s) === `› ${THUMBS}`, 'the prompt after 5×Left');
      const buffer = h.term.buffer.active;
      const row = buffer.getLine(buffer.viewportY + 22)!;
      // 👍 and 🏽 take two cells each, as the terminal draws them; nothing after them moved.
      expect(row.getCell(9)!.getChars()).toBe('👍');
      expect(row.getCell(11)!.getChars()).toBe('🏽');
      expect(row.getCell(13)!.getChars()).toBe(' ');
      expect(row.getCell(14)!.getChars()).toBe('e');
      h.send(END);
      await h.type(` ${HEART}`);
      await h.waitFor((s) => prompt(s) === `› ${THUMBS} ${HEART}`, 'the heart, no extra blank');
      h.send('\r');
      const shown = (await h.waitForText('Echo:')).split('\n');
      expect(shown).toContain(`› ${THUMBS} ${HEART}`);
      expect(shown).toContain(`Echo: ${THUMBS} ${HEART}`);
    } finally {
      await h.stop();
    }
  });
});
