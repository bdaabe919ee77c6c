import { createAskUserTool } from '@agent/askuser';
import type { Card, CardViewer } from '@agent/runtime';
import { AGREED_QUESTIONNAIRE } from '@agent/testkit';
import type { QuestionnaireProgress } from '@agent/tools';
import type { Page } from 'puppeteer-core' with { 'resolution-mode': 'import' };
import { chromiumForTests, useChromium } from './support/browser';
import { openPage, sendPrompt, toolResults } from './support/page';
import { webBoxes } from './support/web-box';

const describeInChromium = chromiumForTests() ? describe : describe.skip;
const FORM = 'form[aria-label="Questions"]';
const ASK = {
  toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: AGREED_QUESTIONNAIRE }],
};

/** Which options of each question are checked, and which questions show as answered. */
function shown(page: Page): Promise<Array<{ checked: string[]; answered: boolean }>> {
  return page.$$eval(`${FORM} fieldset`, (sets) =>
    sets.map((set) => ({
      checked: Array.from(set.querySelectorAll<HTMLInputElement>('input:checked')).map(
        (i) => i.value,
      ),
      answered: set.hasAttribute('data-answered'),
    })),
  );
}

/** Waits until question `index` on `page` shows as answered. */
function answeredOnPage(page: Page, index: number) {
  return page.waitForFunction(
    (form, at) => document.querySelectorAll(`${form} fieldset`)[at]?.hasAttribute('data-answered'),
    {},
    FORM,
    index,
  );
}

/**
 * The terminal as the conversation sees it: it shows questionnaires, and its card reports the
 * answers given there through the card's `onProgress`, as the REPL's card does.
 */
function terminal() {
  const cards: Card[] = [];
  const heard: QuestionnaireProgress[] = [];
  const seat: CardViewer = {
    name: 'the terminal',
    kinds: ['questionnaire'],
    show: (card) => void cards.push(card),
    progressed: (_id, progress) => void heard.push(progress),
  };
  const answer = (progress: QuestionnaireProgress): void => {
    const request = cards.at(-1)?.request;
    if (request?.kind !== 'questionnaire') throw new Error('no questionnaire on the terminal');
    request.payload.onProgress?.(progress);
  };
  return { seat, heard, answer };
}

describeInChromium('answers given so far are shared live between the terminal and the page', () => {
  const box = webBoxes('web-live-answers');
  const chromium = useChromium();

  it('an answer on the terminal shows on an open page and on one that joins after; the page finishes', async () => {
    const term = terminal();
    const web = await box([ASK, { text: 'Noted.' }], {
      extraTools: [createAskUserTool()],
      viewers: [term.seat],
    });
    const open = await openPage(chromium(), web);
    await sendPrompt(open, 'ask me');
    await open.waitForSelector(FORM);
    expect((await shown(open))[0]).toEqual({ checked: ['SQLite '], answered: false });

    term.answer({ answers: ['SQLite'], custom: [false] });
    await answeredOnPage(open, 0);
    expect((await shown(open))[0]).toEqual({ checked: ['SQLite'], answered: true });

    // A page that joins while the turn waits for the answers (not "Ready": openPage waits for it).
    const late = await chromium().newPage();
    await late.goto(web.web.url);
    await late.waitForSelector(FORM);
    expect((await shown(late)).map((q) => q.answered)).toEqual([true, false, false]);
    expect((await shown(late))[0]!.checked).toEqual(['SQLite']);

    // The person goes on on the page that joined late and sends the answers from there.
    const [, checks, region] = await late.$$(`${FORM} fieldset`);
    await (await checks!.$('input[value="Tests"]'))!.click();
    await (await region!.$('input[value="us-east"]'))!.click();
    const ended = web.next('turn_ended');
    await late.click(`${FORM} button[type="submit"]`);
    expect((await ended).result.reason).toBe('done');
    expect(toolResults(web, 1)).toEqual([
      '{"answers":["SQLite",["Lint","Tests"],"us-east"],"cancelled":false}',
    ]);
  });

  it('an answer on the page reaches the terminal, and the page keeps the terminal answers it lacked', async () => {
    const term = terminal();
    const web = await box([ASK], { extraTools: [createAskUserTool()], viewers: [term.seat] });
    const page = await openPage(chromium(), web);
    await sendPrompt(page, 'ask me');
    await page.waitForSelector(FORM);
    const progressed = web.next('card_progress');
    const [, , region] = await page.$$(`${FORM} fieldset`);
    await (await region!.$('input[value="us-east"]'))!.click();
    expect((await progressed).by).toBe('the web page');
    const later = [{ question: 2, answer: 'us-east', custom: false }];
    expect(term.heard).toEqual([{ answers: [], custom: [], later }]);

    term.answer({ answers: ['SQLite'], custom: [false] });
    await answeredOnPage(page, 0);
    // The terminal had not heard of question 3 when it answered question 1: both are kept.
    const card = web.conversation.openCards.shown!.request;
    expect(card.kind === 'questionnaire' && card.payload.answered).toEqual({
      answers: ['SQLite'],
      custom: [false],
      later,
    });
    expect(term.heard.at(-1)).toEqual({ answers: ['SQLite'], custom: [false], later });
  });
});
