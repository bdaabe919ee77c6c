import { existsSync } from 'node:fs';
import path from 'node:path';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const ESC = '\x1b';
const UP = '\x1b[A';

/** The status line: the screen's last row. */
const statusRow = (screen: string): string => screen.trimEnd().split('\n').at(-1) ?? '';

describe('a sentence typed at an open edit card (blessed screen, 80x30)', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  /** Asks for an edit and waits for its card; the model then answers "Understood.", then "Done.". */
  async function cardOpen(): Promise<ScriptedProvider> {
    const provider = new ScriptedProvider(
      [
        reply('Writing.', call('c1', 'write_file', { path: 'notes.md', content: 'x\n' })),
        reply('Understood.'),
        reply('Done.'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(80, 30).start(provider, { sandbox: 'off' });
    await h.type('write the notes');
    h.send(ENTER);
    await h.waitForText('❯ y) Yes, allow once');
    return provider;
  }

  /**
   * Types `sentence` at the card and ends it with Enter: it is whole in the prompt, the card is on
   * "allow once" as before with no reason, and nothing is answered. Esc then denies, without a
   * reason, and the sentence is sent as the next prompt.
   */
  async function typedAtTheCard(sentence: string): Promise<void> {
    const provider = await cardOpen();
    await h.type(sentence);
    const typed = await h.waitForText(`› ${sentence}`);
    expect(typed).toContain('❯ y) Yes, allow once');
    expect(statusRow(typed)).toContain('your typing goes to the prompt');
    h.send(ENTER);
    const armed = await h.waitFor(
      (s) => statusRow(s).startsWith(' Enter approves · '),
      'the card back, on "allow once"',
    );
    expect(armed).toContain('❯ y) Yes, allow once');
    expect(armed).toContain('… Waiting for approval');
    h.send(UP);
    const deny = await h.waitForText('reason (optional), then Enter▏');
    expect(deny.split(sentence)).toHaveLength(1);
    expect(provider.requests).toHaveLength(1);
    h.send(ESC);
    await h.waitForText('Understood.');
    expect(existsSync(path.join(h.workspace, 'notes.md'))).toBe(false);
    const denial = JSON.stringify(provider.requests[1]!.messages.at(-1));
    expect(denial).not.toContain(sentence.slice(3));
    // The sentence waited in the prompt, whole: Enter sends it.
    await h.waitForText(`› ${sentence}`);
    h.send(ENTER);
    await h.waitForText('Done.');
    const asked = provider.requests[2]!.messages.filter((m) => m.role === 'user').at(-1);
    expect(JSON.stringify(asked)).toContain(sentence);
  }

  it('"ask me first": the "a" picks no "Always allow" and reaches the prompt', async () => {
    await typedAtTheCard('ask me first');
  });

  it('"no, wait: use the other file": the "n" denies nothing and its words are no reason', async () => {
    await typedAtTheCard('no, wait: use the other file');
  });

  it('"a" and Enter, with no stray key after, still allow always', async () => {
    const provider = await cardOpen();
    await h.type('a');
    await h.waitFor((s) => statusRow(s).startsWith(' Enter approves always · '), '"always" picked');
    h.send(ENTER);
    await h.waitForText('Understood.');
    expect(existsSync(path.join(h.workspace, 'notes.md'))).toBe(true);
    expect(provider.requests).toHaveLength(2);
  });

  it('"n", Space and a reason deny with the reason', async () => {
    const provider = await cardOpen();
    await h.type('n');
    await h.waitFor(
      (s) => statusRow(s).startsWith(' Enter denies · Space, then a reason'),
      'the deny row, picked by its letter',
    );
    await h.type(' use the other file');
    await h.waitForText('use the other file▏');
    h.send(ENTER);
    await h.waitForText('Understood.');
    expect(JSON.stringify(provider.requests[1]!.messages)).toContain('use the other file');
    expect(existsSync(path.join(h.workspace, 'notes.md'))).toBe(false);
  });
});
