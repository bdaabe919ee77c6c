import { pageEventStream, startOpenAIChatServer, type PageEventStream } from '@agent/testkit';
import { toolMessage } from './support/ask-user-tmux';
import { answerOnThePage, openRemote } from './support/remote-page';
import { replTmuxBed } from './support/repl-tmux-bed';

const bed = replTmuxBed('remote-agree', { session: 'agree' });
const { driver, keys, typeText, waitFor } = bed;

const FIRST_PLAN = '# Greeting plan\n\n1. Write `greet.ts` printing Hello.';
const SECOND_PLAN = '# Greeting plan, revised\n\n1. Write `greet.ts`.\n2. Print Hello.';

/** The id of the next card of `kind` the page is shown, other than those in `seen`. */
async function pageCard(events: PageEventStream, kind: string, seen: string[] = []) {
  const shown = await events.until((event) => {
    const card = event.card as { id: string; kind: string } | undefined;
    return event.type === 'card_shown' && card?.kind === kind && !seen.includes(card.id);
  });
  return (shown.card as { id: string }).id;
}

/**
 * What is decided or typed on the `/remote` web page shows in the terminal as the terminal
 * would show it had it been done there, and as `--continue` replays it.
 */
describe('/remote: the terminal shows what the web page did', () => {
  it('a plan decided on the page shows that decision in the terminal, as --continue replays it', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'plan1', name: 'present_plan', arguments: { plan: FIRST_PLAN } }] },
      { toolCalls: [{ id: 'plan2', name: 'present_plan', arguments: { plan: SECOND_PLAN } }] },
      { text: 'Done as planned.' },
    ]));
    bed.launch({ cols: 100, rows: 32 }, '--mode', 'plan');
    await waitFor('plan mode');
    const remote = await openRemote(bed);
    const events = pageEventStream(remote.page.origin, remote.token);
    typeText('plan it');
    keys('Enter');
    await waitFor('Keep planning: type a note');
    const first = await pageCard(events, 'plan');
    const sentBack = { decision: 'keep-planning', note: 'web note' };
    expect(await answerOnThePage(remote, first, { kind: 'plan', decision: sentBack })).toBe(200);
    let screen = await waitFor('Greeting plan, revised');
    expect(screen).toContain(
      '↻ Plan sent back to keep planning · Greeting plan (3 lines) · answered on the web page',
    );
    expect(screen).toContain('  — “web note”');
    expect(screen).not.toContain('Interrupted before a decision');
    expect(toolMessage(server.requests[1], 'plan1')).toContain('web note');

    const second = await pageCard(events, 'plan', [first]);
    const approved = { decision: 'approve', mode: 'accept-edits' };
    expect(await answerOnThePage(remote, second, { kind: 'plan', decision: approved })).toBe(200);
    screen = await waitFor('Done as planned.');
    await events.close();
    expect(screen).toContain(
      '✓ Plan approved · accept edits · Greeting plan, revised (4 lines) · answered on the web page',
    );
    expect(screen).not.toContain('Interrupted before a decision');
    await waitFor('accept edits mode');

    typeText('/quit');
    keys('Enter');
    await waitFor('--resume');
    driver.kill();
    bed.launch({ cols: 100, rows: 32 }, '--continue');
    screen = await waitFor('Resumed session');
    expect(screen).toContain('↻ Plan sent back to keep planning · Greeting plan (3 lines)');
    expect(screen).toContain('  — “web note”');
    expect(screen).toContain('✓ Plan approved · accept edits · Greeting plan, revised (4 lines)');
  });
});
