import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const DOWN = '\x1b[B';

/** A REPL over a workspace holding src/math.js and test/math.test.js. */
async function start(provider: ScriptedProvider): Promise<Harness> {
  const h = new Harness();
  mkdirSync(path.join(h.workspace, 'src'));
  mkdirSync(path.join(h.workspace, 'test'));
  writeFileSync(path.join(h.workspace, 'src', 'math.js'), 'export const add = (a, b) => a + b;\n');
  writeFileSync(path.join(h.workspace, 'test', 'math.test.js'), 'test("adds", () => {});\n');
  await h.start(provider);
  await h.waitForText('· ready');
  return h;
}

describe('Enter on the @ list, on a real screen', () => {
  it('takes the highlighted file without sending; a second Enter sends it attached', async () => {
    const provider = new ScriptedProvider([reply('explained')], AS_OPENAI_CHAT);
    const h = await start(provider);
    try {
      await h.type('explain @mat');
      await h.waitFor((s) => /^ +@test\/math\.test\.js/m.test(s), 'the list');
      h.send(DOWN);
      h.send(ENTER);
      await h.waitFor(
        (s) => s.includes('› explain @test/math.test.js') && !/^ +@src\/math\.js/m.test(s),
        'the highlighted file put in, the list closed',
      );
      expect(provider.requests).toHaveLength(0);
      h.send(ENTER);
      const screen = await h.waitForText('explained');
      expect(screen).toContain('@test/math.test.js (1 line)');
      expect(JSON.stringify(provider.requests[0]!.messages.at(-1))).toContain('test(\\"adds\\"');
    } finally {
      await h.stop();
    }
  });

  it('sends at once when the @word already is the highlighted file, or the list is closed', async () => {
    const provider = new ScriptedProvider([reply('first'), reply('second')], AS_OPENAI_CHAT);
    const h = await start(provider);
    try {
      await h.type('explain @src/math.js');
      await h.waitFor((s) => /^ +@src\/math\.js/m.test(s), 'the list');
      h.send(ENTER);
      await h.waitForText('first');
      expect(provider.requests[0]!.messages.at(-1)).toMatchObject({
        text: expect.stringContaining('explain @src/math.js'),
      });
      await h.type('and @mat');
      await h.waitFor((s) => /^ +@test\/math\.test\.js/m.test(s), 'the list again');
      h.send('\x1b');
      await h.waitFor((s) => !/^ +@test\/math\.test\.js/m.test(s), 'the list closed');
      h.send(ENTER);
      await h.waitForText('second');
      expect(provider.requests[1]!.messages.at(-1)).toMatchObject({ text: 'and @mat' });
    } finally {
      await h.stop();
    }
  });
});
