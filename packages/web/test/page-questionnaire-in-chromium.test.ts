import { createAskUserTool } from '@agent/askuser';
import { Conversation, openSavedSession } from '@agent/runtime';
import { AGREED_ANSWERS, AGREED_QUESTIONNAIRE, startOpenAIChatServer } from '@agent/testkit';
import type { Page } from 'puppeteer-core' with { 'resolution-mode': 'import' };
import { startWebServer } from '../src';
import { chromiumForTests, useChromium } from './support/browser';
import { openPage, sendPrompt } from './support/page';
import { webBoxes } from './support/web-box';

const describeInChromium = chromiumForTests() ? describe : describe.skip;
const FORM = 'form[aria-label="Questions"]';
const ASK = {
  toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: AGREED_QUESTIONNAIRE }],
};

/** Which options of each question are checked. */
function checked(page: Page): Promise<string[][]> {
  return page.$$eval(`${FORM} fieldset`, (sets) =>
    sets.map((set) =>
      Array.from(set.querySelectorAll<HTMLInputElement>('input:checked')).map((i) => i.value),
    ),
  );
}

/** Resolves once the page's post of the answers given so far has been answered. */
function progressPosted(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/operations') &&
      (response.request().postData() ?? '').includes('"progress"'),
  );
}

describeInChromium('questionnaires on the page keep the terminal contract', () => {
  const box = webBoxes('web-questions');
  const chromium = useChromium();

  it('keeps each answer as it is given: offered again after the process went away, it opens filled in', async () => {
    const web = await box([ASK], { extraTools: [createAskUserTool()] });
    let page = await openPage(chromium(), web);
    await sendPrompt(page, 'ask me');
    await page.waitForSelector(FORM);
    const [first, , third] = await page.$$(`${FORM} fieldset`);
    let posted = progressPosted(page);
    await (await first!.$('input[value="SQLite"]'))!.click();
    expect((await posted).status()).toBe(200);
    posted = progressPosted(page);
    await (await third!.$('input[value="us-east"]'))!.click();
    expect((await posted).status()).toBe(200);
    const file = web.conversation.session.sessionFile!;
    await page.close();
    // The process goes away (the terminal closed) with the card open on the page.
    await web.conversation.close({ leaveQuestionsOpen: true });
    await web.web.close();

    const fake = await startOpenAIChatServer([{ text: 'Noted.' }]);
    const conversation = await Conversation.open({
      agentHome: web.home,
      workspaceRoot: web.workspace,
      choice: {
        flags: { provider: 'openai-chat', model: 'fake-model', baseUrl: `${fake.url}/v1` },
        env: { OPENAI_API_KEY: 'k' },
        agentHome: web.home,
      },
      mcp: false,
      extraTools: [createAskUserTool()],
      // The terminal's REPL, which serves the page (/remote): a questionnaire can be answered.
      viewers: [{ name: 'the terminal', kinds: ['questionnaire'] }],
      resume: await openSavedSession(file),
    });
    const server = await startWebServer({ conversation });
    try {
      conversation.start();
      page = await chromium().newPage();
      await page.setViewport({ width: 360, height: 740 });
      await page.goto(server.url);
      await page.waitForSelector(FORM);
      // The earlier answers are filled in ("SQLite", not the look-alike "SQLite "), the
      // unanswered question shows its recommended first option.
      expect(await checked(page)).toEqual([['SQLite'], ['Lint'], ['us-east']]);
      const [, second, region] = await page.$$(`${FORM} fieldset`);
      await (await second!.$('input[value="Lint"]'))!.click();
      await (await second!.$('input[value="Tests"]'))!.click();
      await (await second!.$('input[type="text"]'))!.type('smoke');
      await (await region!.$('input[type="text"]'))!.type('ap south  1');
      const ended = new Promise<string>((resolve) =>
        conversation.subscribe((event) => {
          if (event.type === 'turn_ended') resolve(event.result.reason);
        }),
      );
      await page.click(`${FORM} button[type="submit"]`);
      expect(await ended).toBe('done');
      const messages = fake.requests[0]!.body.messages as Array<Record<string, unknown>>;
      expect(messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([
        AGREED_ANSWERS[0]!.result,
      ]);
    } finally {
      await page.close();
      await server.close();
      await conversation.close();
      await fake.close();
    }
  });

  it('refuses a multi-select question with nothing ticked and nothing typed, with a note', async () => {
    const web = await box([ASK, { text: 'Noted.' }], { extraTools: [createAskUserTool()] });
    const page = await openPage(chromium(), web);
    await sendPrompt(page, 'ask me');
    await page.waitForSelector(FORM);
    const [, second] = await page.$$(`${FORM} fieldset`);
    await (await second!.$('input[value="Lint"]'))!.click();
    await page.click(`${FORM} button[type="submit"]`);
    expect(await page.$eval('#problem', (node) => node.textContent)).toBe(
      'Question 2: tick an option or type an answer.',
    );
    expect(web.conversation.openCards.shown?.request.kind).toBe('questionnaire');
    await (await second!.$('input[value="Types"]'))!.click();
    const ended = web.next('turn_ended');
    await page.click(`${FORM} button[type="submit"]`);
    expect((await ended).result.reason).toBe('done');
    expect(JSON.stringify(web.fake.requests[1]!.body.messages)).toContain('Types');
  });
});
