import fs from 'node:fs';
import path from 'node:path';
import { createAskUserTool } from '@agent/askuser';
import { AGREED_ANSWERS, AGREED_QUESTIONNAIRE } from '@agent/testkit';
import type { PersonRequestKind } from '@agent/tools';
import { chromiumForTests, useChromium } from './support/browser';
import { openPage, sendPrompt, toolResults } from './support/page';
import { webBoxes, writeFile } from './support/web-box';

const ALL: PersonRequestKind[] = ['approval', 'questionnaire', 'form', 'url', 'plan'];
const SCREENSHOT = path.join(__dirname, '..', 'docs', 'page.png');
const HOSTILE =
  '<img src=x onerror="window.pwned=1"> <b>bold</b> {red-fg}blessed{/red-fg} \u001b[31mred\u001b[0m &amp;';

/** HOSTILE as the page shows it: the terminal escapes dropped, everything else as it is. */
const HOSTILE_SHOWN = HOSTILE.replace(/\u001b\[[0-9;]*m/g, '');

const describeInChromium = chromiumForTests() ? describe : describe.skip;

describeInChromium('the page in headless Chromium', () => {
  const box = webBoxes('web-page');
  const chromium = useChromium();

  it('sends a prompt from the page and shows the reply as it streams', async () => {
    const web = await box([{ text: ['Hello ', 'from ', 'the fake.'] }]);
    const page = await openPage(chromium(), web);
    const ended = web.next('turn_ended');
    await sendPrompt(page, 'say hello');
    await page.waitForFunction(
      () =>
        document.querySelector('#transcript .assistant')?.textContent === 'Hello from the fake.',
    );
    await ended;
    expect(await page.$eval('#transcript .you', (node) => node.textContent)).toBe('say hello');
    expect(await page.$eval('#prompt', (node) => (node as HTMLTextAreaElement).value)).toBe('');
    expect(web.fake.requests).toHaveLength(1);
  });

  it('answers a 3-question questionnaire; the exact answers reach the model', async () => {
    const web = await box(
      [
        {
          toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: AGREED_QUESTIONNAIRE }],
        },
        { text: 'Noted.' },
      ],
      { extraTools: [createAskUserTool()] },
    );
    const page = await openPage(chromium(), web);
    await sendPrompt(page, 'ask me');
    await page.waitForSelector('form[aria-label="Questions"]');
    const drawn = await page.$$eval('form[aria-label="Questions"] fieldset', (sets) =>
      sets.map((set) => ({
        legend: set.querySelector('legend')!.textContent,
        options: Array.from(set.querySelectorAll('input:not([type="text"])')).map((input) => ({
          type: (input as HTMLInputElement).type,
          label: input.parentElement!.querySelector('span')!.textContent,
          checked: (input as HTMLInputElement).checked,
        })),
        typed: set.querySelector<HTMLInputElement>('input[type="text"]')!.labels![0]!.textContent,
      })),
    );
    expect(drawn).toEqual(
      AGREED_QUESTIONNAIRE.questions.map((question) => ({
        legend: question.question,
        options: question.options.map((option, index) => ({
          type: question.multiSelect ? 'checkbox' : 'radio',
          // The look-alikes "SQLite " and "SQLite" are told apart by a visible trailing space.
          label: option === 'SQLite ' ? 'SQLite␠' : option,
          checked: index === 0,
        })),
        typed: 'Type your answer',
      })),
    );
    // "SQLite" (not the look-alike "SQLite "), Tests and typed text instead of Lint, and a
    // typed region with inner spaces.
    const [first, second, third] = await page.$$('form[aria-label="Questions"] fieldset');
    await (await first!.$('input[value="SQLite"]'))!.click();
    await (await second!.$('input[value="Lint"]'))!.click();
    await (await second!.$('input[value="Tests"]'))!.click();
    await (await second!.$('input[type="text"]'))!.type('smoke');
    await (await third!.$('input[type="text"]'))!.type('ap south  1');
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    const ended = web.next('turn_ended');
    const closed = web.next('card_closed');
    await page.click('form[aria-label="Questions"] button[type="submit"]');
    expect((await closed).closing).toMatchObject({ how: 'answered', by: 'the web page' });
    expect((await ended).result.reason).toBe('done');
    expect(toolResults(web, 1)).toEqual([AGREED_ANSWERS[0]!.result]);
    await page.waitForSelector('[data-closed="answered"]');
    expect(await page.$eval('[data-closed="answered"] p', (node) => node.textContent)).toBe(
      'Answered on the web page.',
    );
  });

  it('cancels a questionnaire keeping the answers given so far', async () => {
    const web = await box(
      [
        { toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: AGREED_QUESTIONNAIRE }] },
        { text: 'Stopped.' },
      ],
      { extraTools: [createAskUserTool()] },
    );
    const page = await openPage(chromium(), web);
    await sendPrompt(page, 'ask me');
    await page.waitForSelector('form[aria-label="Questions"]');
    const [first, , third] = await page.$$('form[aria-label="Questions"] fieldset');
    await (await first!.$('input[value="SQLite "]'))!.click();
    await (await third!.$('input[value="us-east"]'))!.click();
    const ended = web.next('turn_ended');
    await page.click('form[aria-label="Questions"] button[type="button"]');
    await ended;
    expect(toolResults(web, 1)).toEqual([AGREED_ANSWERS[1]!.result]);
  });

  it('approves a write_file call with the button the runtime named', async () => {
    const web = await box([writeFile('a.txt', 'hello'), { text: 'Written.' }]);
    const page = await openPage(chromium(), web);
    const shown = web.next('card_shown');
    await sendPrompt(page, 'write it');
    const { card } = await shown;
    await page.waitForSelector('section[aria-label="Approval"] button');
    const buttons = await page.$$eval('section[aria-label="Approval"] button', (nodes) =>
      nodes.map((node) => node.textContent),
    );
    expect(buttons).toEqual(card.choices!.choices.map((choice) => choice.label));
    expect(await page.$eval('section[aria-label="Approval"] h3', (node) => node.textContent)).toBe(
      card.request.kind === 'approval' ? card.request.payload.title : '',
    );
    const ended = web.next('turn_ended');
    await page.click('section[aria-label="Approval"] button[data-choice="once"]');
    expect((await ended).result.reason).toBe('done');
    expect(fs.readFileSync(path.join(web.workspace, 'a.txt'), 'utf8')).toBe('hello');
    await page.waitForFunction(
      () => document.querySelector('[data-tool="call_write"] .status')?.textContent === '(done)',
    );
  });

  it('approves a command with the button the runtime named; it runs and its output reaches the model', async () => {
    // A command that changes the workspace asks first (a read-only one would simply run).
    const command = {
      id: 'call_shell',
      name: 'run_shell',
      arguments: { command: 'touch from-the-page.txt && echo made' },
    };
    const web = await box([{ toolCalls: [command] }, { text: 'It printed.' }], { sandbox: 'off' });
    const page = await openPage(chromium(), web);
    const shown = web.next('card_shown');
    await sendPrompt(page, 'run it');
    const { card } = await shown;
    await page.waitForSelector('section[aria-label="Approval"] button[data-choice="once"]');
    expect(await page.$eval('section[aria-label="Approval"] h3', (node) => node.textContent)).toBe(
      card.request.kind === 'approval' ? card.request.payload.title : '',
    );
    const ended = web.next('turn_ended');
    await page.click('section[aria-label="Approval"] button[data-choice="once"]');
    expect((await ended).result.reason).toBe('done');
    const messages = web.fake.requests[1]!.body.messages as Array<Record<string, unknown>>;
    const result = messages.find((m) => m.role === 'tool' && m.tool_call_id === 'call_shell');
    expect(String(result?.content)).toContain('made');
    expect(fs.existsSync(path.join(web.workspace, 'from-the-page.txt'))).toBe(true);
    await page.waitForFunction(
      () => document.querySelector('[data-tool="call_shell"] .status')?.textContent === '(done)',
    );
  });

  it('opens at the card its link names (the url notify.command is given)', async () => {
    const web = await box([writeFile('a.txt', 'hello'), { text: 'Written.' }]);
    const shown = web.next('card_shown');
    await web.conversation.submit({ type: 'prompt', text: 'write it' });
    const { card } = await shown;
    const page = await chromium().newPage();
    await page.setViewport({ width: 360, height: 740 });
    try {
      await page.goto(web.web.cardUrl(card.request.id));
      const anchor = `card-${card.request.id}`;
      await page.waitForFunction((id) => document.getElementById(id) !== null, {}, anchor);
      const inView = await page.$eval(`#${anchor}`, (node) => {
        const box = node.getBoundingClientRect();
        // Scrolled to its top, give or take a fraction of a pixel.
        return box.top > -1 && box.top < window.innerHeight;
      });
      expect(inView).toBe(true);
      expect(await page.$eval(`#${anchor}`, (node) => node.getAttribute('aria-label'))).toBe(
        'Approval',
      );
    } finally {
      await page.close();
    }
  });

  it('steers the running turn from the prompt field; a denied call says so', async () => {
    const web = await box([writeFile('a.txt', 'hello'), { text: 'Not written.' }]);
    const page = await openPage(chromium(), web);
    await sendPrompt(page, 'write it');
    await page.waitForSelector('section[aria-label="Approval"] button[data-choice="deny"]');
    expect(await page.$eval('#send', (node) => node.textContent)).toBe('Steer');
    const steered = page.waitForResponse((response) => response.url().endsWith('/operations'));
    await sendPrompt(page, 'use b.txt next time');
    expect((await steered).status()).toBe(200);
    const ended = web.next('turn_ended');
    await page.click('section[aria-label="Approval"] button[data-choice="deny"]');
    expect((await ended).result.reason).toBe('done');
    await page.waitForSelector('[data-tool="call_write"][data-status="denied"]');
    expect(await page.$eval('[data-tool="call_write"] .status', (node) => node.textContent)).toBe(
      '(denied)',
    );
    expect(JSON.stringify(web.fake.requests[1]!.body.messages)).toContain('use b.txt next time');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('#transcript .you')).some(
        (node) => node.textContent === 'use b.txt next time',
      ),
    );
    expect(fs.existsSync(path.join(web.workspace, 'a.txt'))).toBe(false);
  });

  it('interrupts the running turn from the page: its card is withdrawn', async () => {
    const web = await box([writeFile('a.txt', 'hello'), { text: 'never' }]);
    const page = await openPage(chromium(), web);
    await sendPrompt(page, 'write it');
    await page.waitForSelector('section[aria-label="Approval"] button');
    expect(await page.$eval('#send', (node) => node.textContent)).toBe('Steer');
    const ended = web.next('turn_ended');
    await page.click('#interrupt');
    expect((await ended).result.reason).toBe('interrupted');
    await page.waitForSelector('[data-closed="withdrawn"]');
    expect(await page.$eval('[data-closed="withdrawn"] p', (node) => node.textContent)).toMatch(
      /^Withdrawn: .+\.$/,
    );
    await page.waitForFunction(() => document.getElementById('state')?.textContent === 'Ready');
    expect(await page.$eval('#interrupt', (node) => (node as HTMLButtonElement).disabled)).toBe(
      true,
    );
    expect(fs.existsSync(path.join(web.workspace, 'a.txt'))).toBe(false);
  });

  it('closes a card answered in the terminal and says where it was answered', async () => {
    const web = await box([writeFile('a.txt', 'hello'), { text: 'Written.' }], {
      viewers: [{ name: 'the terminal', kinds: ALL }],
    });
    const page = await openPage(chromium(), web);
    const shown = web.next('card_shown');
    await sendPrompt(page, 'write it');
    const { card } = await shown;
    await page.waitForSelector('section[aria-label="Approval"] button');
    await web.conversation.submit(
      { type: 'answer', id: card.request.id, answer: { kind: 'approval', choice: 'deny' } },
      'the terminal',
    );
    await page.waitForSelector('[data-closed="answered"]');
    expect(await page.$eval('[data-closed="answered"] p', (node) => node.textContent)).toBe(
      'Answered on the terminal.',
    );
    expect(await page.$$('section[aria-label="Approval"] button')).toHaveLength(0);
  });

  it('shows hostile model and tool text as text', async () => {
    const web = await box([
      { toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'evil.txt' } }] },
      { text: HOSTILE },
    ]);
    fs.writeFileSync(path.join(web.workspace, 'evil.txt'), HOSTILE);
    const page = await openPage(chromium(), web);
    const ended = web.next('turn_ended');
    await sendPrompt(page, HOSTILE);
    await ended;
    await page.waitForFunction(
      (hostile) => document.querySelector('#transcript .assistant')?.textContent === hostile,
      {},
      HOSTILE_SHOWN,
    );
    expect(await page.$eval('#transcript .you', (node) => node.textContent)).toBe(HOSTILE_SHOWN);
    expect(await page.$eval('[data-tool="call_read"] pre', (node) => node.textContent)).toContain(
      HOSTILE_SHOWN,
    );
    expect(await page.$$('#transcript img, #transcript b')).toHaveLength(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    // Drawn again from the transcript entries after a reload: still text.
    await page.reload();
    await page.waitForFunction(
      (hostile) => document.querySelector('#transcript .assistant')?.textContent === hostile,
      {},
      HOSTILE_SHOWN,
    );
    expect(await page.$eval('#transcript .you', (node) => node.textContent)).toBe(HOSTILE_SHOWN);
    expect(await page.$eval('[data-tool="call_read"] pre', (node) => node.textContent)).toContain(
      HOSTILE_SHOWN,
    );
    expect(await page.$$('#transcript img, #transcript b')).toHaveLength(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  });
});
