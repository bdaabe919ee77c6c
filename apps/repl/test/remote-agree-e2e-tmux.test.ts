import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageEventStream, startOpenAIChatServer } from '@agent/testkit';
import { toolMessage } from './support/ask-user-tmux';
import { answerOnThePage, openRemote, postOperation } from './support/remote-page';
import { replTmuxBed } from './support/repl-tmux-bed';

/** Each test's whole budget: a few seconds locally, several times that on a busy 2-core CI. */
const TEST_MS = 45_000;
/** The longest one step waits: a screen update, a card reaching the page, a REPL starting. */
const STEP_MS = 15_000;

const bed = replTmuxBed('remote-agree', { session: 'agree' });
const { driver, keys, typeText } = bed;

// Every wait ends by the test's deadline, so a slow step fails naming what it waited for
// before Jest's timeout would, with nothing said.
let deadline = 0;
beforeEach(() => {
  deadline = Date.now() + TEST_MS - 3_000;
});
const stepMs = (): number => Math.max(200, Math.min(STEP_MS, deadline - Date.now()));
const waitFor = (needle: string): Promise<string> => bed.waitFor(needle, stepMs());

/** A command that runs until the test creates `go` in the workspace. */
const WAIT_FOR_GO = 'while [ ! -f go ]; do sleep 0.05; done; echo step one';

/** How many of the screen's rows are exactly `row`. */
const rows = (screen: string, row: string) =>
  screen.split('\n').filter((line) => line.trimEnd() === row).length;

/** The screen's rows from the one that starts with `first`, `count` of them. */
function rowsFrom(screen: string, first: string, count: number): string[] {
  const lines = screen.split('\n').map((line) => line.trimEnd());
  const at = lines.findIndex((line) => line.startsWith(first));
  return at === -1 ? [] : lines.slice(at, at + count);
}

const FIRST_PLAN = '# Greeting plan\n\n1. Write `greet.ts` printing Hello.';
const SECOND_PLAN = '# Greeting plan, revised\n\n1. Write `greet.ts`.\n2. Print Hello.';

/**
 * What is decided or typed on the `/remote` web page shows in the terminal as the terminal
 * would show it had it been done there, and as `--continue` replays it.
 */
describe('/remote: the terminal shows what the web page did', () => {
  it(
    'a plan decided on the page shows that decision in the terminal, as --continue replays it',
    async () => {
      const server = (bed.server = await startOpenAIChatServer([
        { toolCalls: [{ id: 'plan1', name: 'present_plan', arguments: { plan: FIRST_PLAN } }] },
        { toolCalls: [{ id: 'plan2', name: 'present_plan', arguments: { plan: SECOND_PLAN } }] },
        { text: 'Done as planned.' },
      ]));
      bed.launch({ cols: 100, rows: 32 }, '--mode', 'plan');
      await waitFor('plan mode');
      const remote = await openRemote(bed, stepMs());
      const events = pageEventStream(remote.page.origin, remote.token);
      let screen: string;
      try {
        typeText('plan it');
        keys('Enter');
        await waitFor('Keep planning: type a note');
        const first = (await events.card('plan', { ms: stepMs() })).id;
        const sentBack = {
          kind: 'plan',
          decision: { decision: 'keep-planning', note: 'web note' },
        };
        expect(await answerOnThePage(remote, first, sentBack, stepMs())).toBe(200);
        screen = await waitFor('Greeting plan, revised');
        expect(screen).toContain(
          '↻ Plan sent back to keep planning · Greeting plan (3 lines) · answered on the web page',
        );
        expect(screen).toContain('  — “web note”');
        expect(screen).not.toContain('Interrupted before a decision');
        expect(toolMessage(server.requests[1], 'plan1')).toContain('web note');

        const second = (await events.card('plan', { except: [first], ms: stepMs() })).id;
        const approved = { kind: 'plan', decision: { decision: 'approve', mode: 'accept-edits' } };
        expect(await answerOnThePage(remote, second, approved, stepMs())).toBe(200);
        screen = await waitFor('Done as planned.');
      } finally {
        await events.close();
      }
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
    },
    TEST_MS,
  );

  it(
    'a prompt and a steer sent from the page show as the person’s lines, as --continue replays them; the terminal’s own once',
    async () => {
      const server = (bed.server = await startOpenAIChatServer([
        { toolCalls: [{ id: 'c1', name: 'run_shell', arguments: { command: WAIT_FOR_GO } }] },
        { text: 'Read the notes, and steered.' },
        { text: 'Answered the terminal.' },
      ]));
      writeFileSync(path.join(bed.workspace, 'notes.md'), 'The codeword is heron.\n');
      bed.launch({ cols: 100, rows: 32 }, '--allow', 'run_shell', '--sandbox', 'off');
      await waitFor('· ready');
      const remote = await openRemote(bed, stepMs());
      const prompt = { type: 'prompt', text: 'WEBPROMPT read @notes.md' };
      expect(await postOperation(remote, prompt, stepMs())).toBe(200);
      let screen = await waitFor('Running');
      const promptRows = rowsFrom(screen, '› WEBPROMPT', 2);
      expect(promptRows).toEqual(['› WEBPROMPT read @notes.md', '@notes.md (1 line)']);
      const steer = { type: 'steer', text: 'WEBSTEER and be brief' };
      expect(await postOperation(remote, steer, stepMs())).toBe(200);
      writeFileSync(path.join(bed.workspace, 'go'), '');
      screen = await waitFor('Read the notes, and steered.');
      expect(rows(screen, '› WEBPROMPT read @notes.md')).toBe(1);
      expect(rows(screen, '› WEBSTEER and be brief')).toBe(1);
      // The model got the file the mention attached, as for a prompt typed in the terminal.
      expect(JSON.stringify(server.requests[0]?.body?.messages)).toContain(
        'The codeword is heron.',
      );
      // The steer went into the running turn: its second request, after the command's result.
      expect(JSON.stringify(server.requests[1]?.body?.messages)).toContain('WEBSTEER and be brief');

      await waitFor('· ready');
      typeText('TERMINAL prompt');
      keys('Enter');
      screen = await waitFor('Answered the terminal.');
      expect(rows(screen, '› TERMINAL prompt')).toBe(1);
      expect(rows(screen, '› WEBPROMPT read @notes.md')).toBe(1);

      typeText('/quit');
      keys('Enter');
      await waitFor('--resume');
      driver.kill();
      bed.launch({ cols: 100, rows: 32 }, '--continue');
      const replayed = await waitFor('Resumed session');
      expect(rowsFrom(replayed, '› WEBPROMPT', 2)).toEqual(promptRows);
      expect(rows(replayed, '› WEBSTEER and be brief')).toBe(1);
      expect(rows(replayed, '› TERMINAL prompt')).toBe(1);
    },
    TEST_MS,
  );
});
