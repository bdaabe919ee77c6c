import type { RuntimeEvent } from '@agent/runtime';
import type { Page } from 'puppeteer-core' with { 'resolution-mode': 'import' };
import { chromiumForTests, useChromium } from './support/browser';
import { openPage, scrollsSideways, sendPrompt, toolResults } from './support/page';
import { webBoxes, type WebBox } from './support/web-box';

const HOSTILE_PLAN =
  '# Plan\n<script>window.pwned=1</script><img src=x onerror="window.pwned=2">\n1. \u001b[31mEdit\u001b[0m a.txt';
const EVERYTHING = {
  mcpServers: {
    everything: {
      command: process.execPath,
      args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
    },
  },
};

const describeInChromium = chromiumForTests() ? describe : describe.skip;

/** Allows a call once if it asks first (an MCP tool may), then waits for the card `selector`. */
async function pastApproval(page: Page, selector: string): Promise<void> {
  const approval = 'section[aria-label="Approval"] button[data-choice="once"]';
  await page.waitForSelector(`${approval}, ${selector}`);
  if (await page.$(approval)) await page.click(approval);
  await page.waitForSelector(selector);
}

/** The MCP servers' questions and how they ended, as the runtime records them. */
function elicitations(web: WebBox) {
  const records: Array<Extract<RuntimeEvent, { type: 'elicitation' }>['record']> = [];
  web.conversation.subscribe((event) => {
    if (event.type === 'runtime' && event.event.type === 'elicitation') {
      records.push(event.event.record);
    }
  });
  return records;
}

describeInChromium('every card kind answered on the page', () => {
  const box = webBoxes('web-cards');
  const chromium = useChromium();

  it('a plan card: keep planning with a note, then approve; hostile plan text stays text', async () => {
    const web = await box(
      [
        { toolCalls: [{ id: 'p1', name: 'present_plan', arguments: { plan: HOSTILE_PLAN } }] },
        { toolCalls: [{ id: 'p2', name: 'present_plan', arguments: { plan: '1. Edit a.txt' } }] },
        { text: 'Approved, starting.' },
      ],
      { mode: 'plan' },
    );
    const page = await openPage(chromium(), web);
    await sendPrompt(page, 'plan it');
    await page.waitForSelector('section[aria-label="Plan"]');
    expect(await page.$eval('section[aria-label="Plan"] pre', (node) => node.textContent)).toBe(
      HOSTILE_PLAN.replace(/\u001b\[[0-9;]*m/g, ''),
    );
    expect(
      await page.$$('section[aria-label="Plan"] script, section[aria-label="Plan"] img'),
    ).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await page.type('section[aria-label="Plan"] textarea', 'also cover errors');
    await page.click('section[aria-label="Plan"] form button[type="submit"]');
    await page.waitForFunction(
      () =>
        document.querySelector('section[aria-label="Plan"] pre')?.textContent === '1. Edit a.txt',
    );
    expect(toolResults(web, 1).join('\n')).toContain('also cover errors');
    const ended = web.next('turn_ended');
    await page.click('section[aria-label="Plan"] button[data-mode="default"]');
    expect((await ended).result.reason).toBe('done');
    expect(web.conversation.session.agentMode).toBe('default');
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  });

  it("an MCP server's form: required fields marked, a bad answer refused, the exact answers reach the server", async () => {
    const web = await box(
      [
        {
          toolCalls: [
            {
              id: 'call_form',
              name: 'mcp__everything__trigger-elicitation-request',
              arguments: {},
            },
          ],
        },
        { text: 'Thanks.' },
      ],
      { mcp: undefined },
      EVERYTHING,
    );
    const records = elicitations(web);
    const page = await openPage(chromium(), web);
    await sendPrompt(page, 'fill the form');
    await pastApproval(page, 'form[aria-label="Form"]');
    const form = 'form[aria-label="Form"]';
    expect(await page.$eval(`${form} p`, (node) => node.textContent)).toBe(
      'Please provide inputs for the following fields:',
    );
    expect(await page.$$eval(`${form} fieldset`, (sets) => sets.length)).toBe(13);
    expect(
      await page.$eval(`${form} fieldset[data-field="name"] legend`, (node) => node.textContent),
    ).toBe('String: Your full, legal name (required)');
    expect(await scrollsSideways(page)).toBe(false);

    await page.type(`${form} fieldset[data-field="name"] input`, 'Ada Lovelace');
    const integer = `${form} fieldset[data-field="integer"] input`;
    await page.$eval(integer, (node) => void ((node as HTMLInputElement).value = ''));
    await page.type(integer, '101');
    await page.click(`${form} button[type="submit"]`);
    await page.waitForFunction(() => document.getElementById('problem')?.textContent !== '');
    expect(await page.$eval('#problem', (node) => node.textContent)).toBe(
      'integer: expected at most 100',
    );
    await page.$eval(integer, (node) => void ((node as HTMLInputElement).value = ''));
    await page.type(integer, '7');
    const ended = web.next('turn_ended');
    await page.click(`${form} button[type="submit"]`);
    expect((await ended).result.reason).toBe('done');
    const result = String(toolResults(web, 1)[0]);
    expect(result).toContain('- Name: Ada Lovelace');
    expect(result).toContain('- Favorite Integer: 7');
    expect(records.at(-1)).toMatchObject({ mode: 'form', server: 'everything', action: 'accept' });
    const last = records.at(-1)!;
    expect(last.mode === 'form' && last.content).toMatchObject({
      name: 'Ada Lovelace',
      integer: 7,
    });
  });

  it("an MCP server's link: shown as a link, Done answered back to the server", async () => {
    const url = 'https://example.com/authorize?state=1';
    const web = await box(
      [
        {
          toolCalls: [
            {
              id: 'call_url',
              name: 'mcp__everything__trigger-url-elicitation',
              arguments: { url, message: 'Sign in <img src=x onerror="window.pwned=1">' },
            },
          ],
        },
        { text: 'Signed in.' },
      ],
      { mcp: undefined },
      EVERYTHING,
    );
    const records = elicitations(web);
    const page = await openPage(chromium(), web);
    await sendPrompt(page, 'sign in');
    await pastApproval(page, 'section[aria-label="Link"]');
    const card = 'section[aria-label="Link"]';
    expect(
      await page.$eval(`${card} a`, (node) => [node.getAttribute('href'), node.textContent]),
    ).toEqual([url, url]);
    expect(await page.$eval(`${card} p`, (node) => node.textContent)).toBe(
      'Sign in <img src=x onerror="window.pwned=1">',
    );
    const ended = web.next('turn_ended');
    await page.click(`${card} button[data-action="accept"]`);
    expect((await ended).result.reason).toBe('done');
    expect(records.at(-1)).toMatchObject({ mode: 'url', action: 'accept' });
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  });
});
