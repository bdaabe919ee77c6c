import type { Browser, Page } from 'puppeteer-core' with { 'resolution-mode': 'import' };
import type { WebBox } from './web-box';

/** The page of `box` in a new tab at phone size (360x740), once its stream says it is ready. */
export async function openPage(browser: Browser, box: WebBox): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (error) => process.stderr.write(`page error: ${String(error)}\n`));
  await page.setViewport({ width: 360, height: 740 });
  await page.goto(box.web.url);
  await page.waitForFunction(() => document.getElementById('state')?.textContent === 'Ready');
  return page;
}

export async function sendPrompt(page: Page, text: string): Promise<void> {
  await page.type('#prompt', text);
  await page.click('#send');
}

/** The contents of the tool messages the fake's request `index` carried to it. */
export function toolResults(box: WebBox, index: number): unknown[] {
  const messages = box.fake.requests[index]!.body.messages as Array<Record<string, unknown>>;
  return messages.filter((message) => message.role === 'tool').map((message) => message.content);
}

/** The transcript as the page shows it: each line's class and text. */
export function transcriptLines(page: Page): Promise<string[]> {
  return page.$$eval('#transcript > li', (items) =>
    items.map((item) => `${item.className}: ${item.textContent}`),
  );
}

/** Whether the page body is wider than the window (it scrolls sideways). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
