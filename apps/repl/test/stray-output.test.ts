import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

describe('output printed by others while the screen is up', () => {
  it('becomes escaped transcript notices, and everything is restored on exit', async () => {
    const originals = {
      warn: console.warn,
      error: console.error,
      log: console.log,
      emitWarning: process.emitWarning,
      write: process.stderr.write,
    };
    const provider = new ScriptedProvider(
      [
        () => {
          console.warn("The model 'claude-2' is deprecated {bold}x{/bold} \x1b[31mred\x1b[0m");
          return reply('Answer.');
        },
      ],
      AS_OPENAI_CHAT,
    );
    const h = await new Harness(100, 30).start(provider, {}, { captureOutput: true });
    try {
      await h.type('hi');
      h.send('\r');
      await h.waitForText('Answer.');
      console.error('plain error', 42);
      process.emitWarning('old API', 'DeprecationWarning');
      process.stderr.write('raw stderr bytes\n');
      const screen = await h.waitForText('raw stderr bytes');
      expect(screen).toContain("⚠ The model 'claude-2' is deprecated {bold}x{/bold} red");
      expect(screen).toContain('⚠ plain error 42');
      expect(screen).toContain('⚠ DeprecationWarning: old API');
      expect(screen).toContain('⚠ raw stderr bytes');
      expect(screen).not.toContain('\x1b');
      expect(console.warn).not.toBe(originals.warn);
      // An SDK echoing a malformed chunk in pieces: no fragment of the sequences may show.
      process.stderr.write('chunk: \x1b]5');
      process.stderr.write(Buffer.from('2;c;SGVsbG8=\x07 and \x1b['));
      process.stderr.write('2J cleared\n');
      const later = await h.waitForText('cleared');
      expect(later).not.toMatch(/SGVsbG8|2J|52;/);
      expect(later).toContain('⚠ chunk:');
      expect(later).toMatch(/⚠ +cleared/);
    } finally {
      await h.stop();
    }
    expect(console.warn).toBe(originals.warn);
    expect(console.error).toBe(originals.error);
    expect(console.log).toBe(originals.log);
    expect(process.emitWarning).toBe(originals.emitWarning);
    expect(process.stderr.write).toBe(originals.write);
  });
});
