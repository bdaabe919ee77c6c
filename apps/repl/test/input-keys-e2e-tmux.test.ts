import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

jest.setTimeout(90_000);

/** The text of the last user message of the request at `index`. */
function lastUserText(server: FakeServer, index: number): string | undefined {
  const messages = (server.requests[index]?.body.messages ?? []) as {
    role: string;
    content: unknown;
  }[];
  const content = messages.filter((message) => message.role === 'user').at(-1)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
}

describe('prompt input keys in tmux', () => {
  const bed = replTmuxBed('repl-input-keys', { session: 'keys' });

  it('Alt+Enter (the bytes ESC CR, and tmux M-Enter) adds a newline; Enter sends', async () => {
    const server = (bed.server = await startOpenAIChatServer([{ text: 'Three lines in.' }]));
    bed.launch({ cols: 100, rows: 30 });
    await bed.waitFor('· ready ·');
    bed.typeText('alpha');
    bed.driver.run('send-keys', '-t', bed.session, '-H', '1b', '0d');
    bed.typeText('beta');
    bed.keys('M-Enter');
    bed.typeText('gamma');
    const screen = await bed.waitFor('gamma');
    expect(screen).toMatch(/› alpha\n\s+beta\n\s+gamma/);
    expect(server.requests).toHaveLength(0);
    bed.keys('Enter');
    await bed.waitFor('Three lines in.');
    expect(lastUserText(server, 0)).toBe('alpha\nbeta\ngamma');
  });
});
