import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

jest.setTimeout(90_000);

/** The user messages of the request at `index`, as one string. */
function userText(server: FakeServer, index: number): string {
  const messages = (server.requests[index]?.body.messages ?? []) as { role: string }[];
  return JSON.stringify(messages.filter((message) => message.role === 'user'));
}

describe('command-line short forms in tmux: agent "PROMPT", -c, -r', () => {
  const bed = replTmuxBed('repl-short-forms', { session: 'short', sessionPerLaunch: true });
  const size = { cols: 100, rows: 30 };

  it('agent "PROMPT" sends it once the agent is up; -c continues that session; -r alone opens the picker', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      { text: 'The failing test is fixed.' },
      { text: 'Still here after -c.' },
      { text: 'Back through the picker.' },
    ]));
    bed.launch(size, 'fix the failing test');
    await bed.waitFor('The failing test is fixed.');
    await bed.waitFor('· ready ·');
    expect(userText(server, 0)).toContain('fix the failing test');
    await bed.driver.quitRepl(bed.session);

    bed.launch(size, '-c');
    await bed.waitFor('Resumed session');
    const resumed = await bed.waitFor('· ready ·');
    expect(resumed).toContain('fix the failing test');
    bed.typeText('and now?');
    bed.keys('Enter');
    await bed.waitFor('Still here after -c.');
    expect(userText(server, 1)).toContain('fix the failing test');
    await bed.driver.quitRepl(bed.session);

    bed.launch(size, '-r');
    const picker = await bed.waitFor('Enter resumes');
    expect(picker).toContain('fix the failing test');
    bed.keys('Enter');
    await bed.waitFor('Resumed session');
    bed.typeText('one more');
    bed.keys('Enter');
    await bed.waitFor('Back through the picker.');
    expect(userText(server, 2)).toContain('and now?');
  });

  it('says how to quote a prompt given as several words', async () => {
    bed.server = await startOpenAIChatServer([]);
    bed.launch({ cols: 100, rows: 60 }, 'fix', 'it');
    await bed.waitFor('put the prompt in quotes');
  });
});
