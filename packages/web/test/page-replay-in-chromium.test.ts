import fs from 'node:fs';
import path from 'node:path';
import { chromiumForTests, useChromium } from './support/browser';
import { openPage, scrollsSideways, sendPrompt, transcriptLines } from './support/page';
import { webBoxes, writeFile } from './support/web-box';

const describeInChromium = chromiumForTests() ? describe : describe.skip;

describeInChromium(
  'the page shows the conversation so far, and the sessions of the workspace',
  () => {
    const box = webBoxes('web-replay');
    const chromium = useChromium();

    it('reloaded mid-turn, shows the transcript once and the open card again; the diff stays', async () => {
      const long = `${'a-very-long-line-without-spaces-'.repeat(12)}\n`;
      const web = await box([
        { text: 'First answer.' },
        writeFile('a.txt', `hello\n${long}`),
        { text: 'Written.' },
      ]);
      let page = await openPage(chromium(), web);
      let ended = web.next('turn_ended');
      await sendPrompt(page, 'first');
      await ended;
      await page.waitForFunction(
        () => document.querySelector('#transcript .assistant')?.textContent === 'First answer.',
      );
      await sendPrompt(page, 'write it');
      await page.waitForSelector('section[aria-label="Approval"] button');
      const before = await transcriptLines(page);

      await page.reload();
      await page.waitForSelector('section[aria-label="Approval"] button[data-choice="once"]');
      expect(await page.$eval('#state', (node) => node.textContent)).toBe('Working…');
      expect(await transcriptLines(page)).toEqual(before);
      expect(before).toEqual([
        'you: first',
        'assistant: First answer.',
        'you: write it',
        expect.stringMatching(/^tool: write a\.txt.* \(running\)$/),
      ]);

      ended = web.next('turn_ended');
      await page.click('section[aria-label="Approval"] button[data-choice="once"]');
      await ended;
      await page.waitForSelector('[data-tool="call_write"][data-status="ok"] pre.diff');
      const diff = await page.$eval(
        '[data-tool="call_write"] pre.diff',
        (node) => node.textContent,
      );
      expect(diff).toContain('+hello');
      // How it was approved, from the session's record of the call: here, once.
      const approval = '[data-tool="call_write"] .approval';
      expect(await page.$eval(approval, (node) => node.textContent)).toBe('Allowed');
      expect(fs.readFileSync(path.join(web.workspace, 'a.txt'), 'utf8')).toBe(`hello\n${long}`);
      await page.waitForFunction(
        () => document.querySelectorAll('#transcript .assistant').length === 2,
      );
      const after = await transcriptLines(page);
      expect(await scrollsSideways(page)).toBe(false);

      // A new tab after the turn: the same lines, the diff kept, no card.
      await page.close();
      page = await openPage(chromium(), web);
      expect(await transcriptLines(page)).toEqual(after);
      expect(
        await page.$eval('[data-tool="call_write"] pre.diff', (node) => node.textContent),
      ).toBe(diff);
      expect(await page.$eval(approval, (node) => node.textContent)).toBe('Allowed');
      expect(await page.$$('section[aria-label="Approval"]')).toHaveLength(0);
      expect(await scrollsSideways(page)).toBe(false);
    });

    it('starts its transcript over when another front end starts a new session', async () => {
      const web = await box([{ text: 'Before the new session.' }]);
      const page = await openPage(chromium(), web);
      const ended = web.next('turn_ended');
      await sendPrompt(page, 'first');
      await ended;
      await page.waitForFunction(() => document.querySelectorAll('#transcript > li').length === 2);
      expect(await web.conversation.submit({ type: 'new' }, 'the terminal')).toEqual({ ok: true });
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('#transcript > li')).every(
          (item) => !item.textContent?.includes('Before the new session.'),
        ),
      );
      expect(await transcriptLines(page)).not.toContain('you: first');
    });

    it("lists the workspace's sessions newest first and resumes an older one", async () => {
      const web = await box([
        { text: 'Older reply.' },
        { text: 'Newer reply.' },
        { text: 'Again.' },
      ]);
      let ended = web.next('turn_ended');
      await web.conversation.submit({ type: 'prompt', text: 'the older one' });
      await ended;
      await web.conversation.submit({ type: 'new' });
      ended = web.next('turn_ended');
      await web.conversation.submit({ type: 'prompt', text: 'the newer one' });
      await ended;
      const page = await openPage(chromium(), web);
      await page.click('#sessions-heading');
      await page.waitForFunction(() => document.querySelectorAll('#sessions li').length === 2);
      const listed = await page.$$eval('#sessions li', (items) =>
        items.map((item) => ({
          label: item.querySelector('.label')!.textContent,
          open: item.querySelector('.current') !== null,
          resume: item.querySelector('button')?.textContent ?? null,
          time: item.querySelector('time')!.getAttribute('datetime') !== null,
        })),
      );
      expect(listed).toEqual([
        { label: 'the newer one', open: true, resume: null, time: true },
        { label: 'the older one', open: false, resume: 'Resume', time: true },
      ]);
      await page.click('#sessions li:nth-child(2) button');
      await page.waitForFunction(
        () => document.querySelector('#transcript .you')?.textContent === 'the older one',
      );
      expect(await transcriptLines(page)).toEqual([
        'you: the older one',
        'assistant: Older reply.',
        'notice: A saved session was resumed.',
      ]);
      ended = web.next('turn_ended');
      await sendPrompt(page, 'and again');
      await ended;
      const sent = JSON.stringify(web.fake.requests[2]!.body.messages);
      expect(sent).toContain('the older one');
      expect(sent).not.toContain('the newer one');
      await page.waitForFunction(
        () => document.querySelector('#sessions li .label')?.textContent === 'the older one',
      );
    });
  },
);
