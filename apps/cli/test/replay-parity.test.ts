import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, TRANSCRIPT_SAMPLE, type FakeServer } from '@agent/testkit';
import { chromiumForTests, launchChromium } from './support/chromium';
import { editorOutline, editorUpdates } from './support/parity/editor';
import { bed, DIST, TMUX } from './support/parity/front-end-bed';
import { headlessHistory, headlessOutline } from './support/parity/headless';
import { replOutline, replScreen } from './support/parity/repl';
import { webOutline, webPage } from './support/parity/web';

jest.setTimeout(90_000);

/**
 * What every front end must show of the sample alike, in order: the kept answer the person
 * amended, the prompts, the cancelled questionnaire with its typed answer, the plan, the call a
 * crash left open as interrupted, the person's failed command with its output, and the last
 * questionnaire a crash left open: offered again where someone answers questionnaires, closed as
 * interrupted in headless, where nobody does.
 */
const { amended, cancelled, crashed, shell, open, prompts } = TRANSCRIPT_SAMPLE;
const shown = (last: 'asked again' | 'interrupted') => [
  `amended: ${amended.answers.join(', ')}`,
  `prompt: ${prompts[0]}`,
  `questionnaire cancelled: ${cancelled.answers.join(', ')}`,
  `prompt: ${prompts[1]}`,
  'plan: approved',
  `prompt: ${prompts[2]}`,
  `${crashed.title}: interrupted`,
  `prompt: !${shell.command}`,
  `shell: exit 1: ${shell.output}`,
  `prompt: ${prompts[3]}`,
  last === 'asked again'
    ? `questionnaire asked again: ${open.question}`
    : 'questionnaire interrupted',
];

describe('one recorded session replays alike in the REPL, the editor, headless and the web page (issue 35)', () => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'replay-parity-')));
  let server: FakeServer;
  beforeAll(async () => {
    for (const bin of ['agent.js', 'agent-run.js', 'agent-acp.js']) {
      if (!fs.existsSync(path.join(DIST, bin))) throw new Error(`${bin} missing: pnpm build`);
    }
    server = await startOpenAIChatServer([{ text: 'Noted.' }]);
  });
  afterAll(async () => {
    try {
      execFileSync('tmux', ['-L', TMUX, 'kill-server'], { stdio: 'ignore' });
    } catch {
      // no server left
    }
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('headless --output jsonl history, ACP session/load, the REPL screen and the web page show the same entries and answers', async () => {
    // The web page is read in Chromium; without it (skipped with one line) the others still are.
    const web = chromiumForTests();
    const browser = web ? await launchChromium() : undefined;
    try {
      const outlines = {
        headless: headlessOutline(await headlessHistory(bed(root, 'headless'), server)),
        editor: editorOutline(await editorUpdates(bed(root, 'editor'), server)),
        repl: replOutline(await replScreen(bed(root, 'repl'), server)),
        ...(browser ? { web: webOutline(await webPage(bed(root, 'web'), server, browser)) } : {}),
      };
      expect(outlines).toEqual({
        headless: shown('interrupted'),
        editor: shown('asked again'),
        repl: shown('asked again'),
        ...(web ? { web: shown('asked again') } : {}),
      });
    } finally {
      await browser?.close();
    }
  });
});
