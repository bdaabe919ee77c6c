import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const UP = '\x1b[A';
const DOWN = '\x1b[B';
const LONG = 'the quick brown fox jumps over the lazy dog again and again';

describe('Up and Down on a prompt wrapped over rows (trial: Up recalled history)', () => {
  it('moves the caret between the drawn rows first, and reaches history from the first row', async () => {
    const h = await new Harness(40, 16).start(
      new ScriptedProvider([reply('Noted.')], AS_OPENAI_CHAT),
    );
    try {
      await h.type('old');
      h.send(ENTER);
      await h.waitForText('Noted.');
      await h.type(LONG);
      // 37 cells a row after the '› ' prefix and the caret's column.
      const first = `› ${LONG.slice(0, 37)}`;
      await h.waitFor((s) => s.split('\n').includes(`  ${LONG.slice(37)}`), 'the wrapped prompt');
      expect((await h.screen()).split('\n')).toContain(first);

      h.send(UP);
      await h.type('X');
      const edited = `${LONG.slice(0, 22)}X${LONG.slice(22)}`;
      // Waited for as the row it lands in: an X may stand in the workspace's random name.
      const rows = (
        await h.waitFor((s) => s.split('\n').includes(`› ${edited.slice(0, 37)}`), 'the X typed')
      ).split('\n');
      expect(rows).toContain(`  ${edited.slice(37)}`);

      h.send(UP);
      await h.waitFor((s) => s.split('\n').includes('› old'), 'the earlier prompt');
      h.send(DOWN);
      await h.waitFor((s) => s.split('\n').includes(`› ${edited.slice(0, 37)}`), 'the draft back');
    } finally {
      await h.stop();
    }
  });
});
