import { startOpenAIChatServer, subagentQuestion, type ScriptedTurn } from '@agent/testkit';
import { toolMessage } from '../../test/support/ask-user-tmux';
import { replTmuxBed } from '../../test/support/repl-tmux-bed';

const { questions } = subagentQuestion;
const EXACT = '{"answers":["SQLite "],"cancelled":false}';

describe('a subagent asks through the parent in tmux (ASK_USER.md §10, issue 36 item 10)', () => {
  const bed = replTmuxBed('ask-subagent', { session: 'asksub' });
  const { driver, keys, typeText, waitFor } = bed;

  it('the parent asks the person, the subagent gets the exact answer; the replay after --continue says who asked what and what it was told', async () => {
    const script: ScriptedTurn[] = [
      subagentQuestion.delegate,
      subagentQuestion.clarify,
      { toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: { questions } }] },
      subagentQuestion.resume,
      { text: 'Storage added on SQLite.' },
      { text: 'Done: the subagent used SQLite.' },
    ];
    const server = (bed.server = await startOpenAIChatServer(script));
    bed.launch({ cols: 110, rows: 40 });
    await waitFor('openai-chat/fake-model');
    typeText('set up the store');
    keys('Enter');
    let screen = await waitFor('Question 1 of 1');
    expect(screen).toContain('explore needs input');
    expect(screen).toContain('explore asked: Which database? (PostgreSQL / "SQLite ")');
    keys('Down', 'Enter');
    screen = await waitFor('Done: the subagent used SQLite.');
    expect(screen).toContain('explore was told: Which database? → "SQLite "');
    expect(screen).toContain('Ran resume explore: set up storage');
    expect(toolMessage(server.requests[3], 'call_ask')).toBe(EXACT);
    expect(toolMessage(server.requests[4], 'sub_ask')).toBe(EXACT);
    expect(server.requests[4]!.body.messages[1]).toEqual({
      role: 'user',
      content: 'Add a storage layer.',
    });

    await waitFor('· ready');
    await driver.quitRepl(bed.session);
    bed.launch({ cols: 110, rows: 40 }, '--continue');
    screen = await waitFor('Resumed session');
    expect(screen).toContain('explore asked: Which database? (PostgreSQL / "SQLite ")');
    expect(screen).toContain('explore was told: Which database? → "SQLite "');
    expect(screen).toContain('explore needs input');
    expect(server.remaining()).toBe(0);
  });
});
