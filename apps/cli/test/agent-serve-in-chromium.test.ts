import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import type { Browser } from 'puppeteer-core' with { 'resolution-mode': 'import' };
import { chromiumForTests, launchChromium } from './support/chromium';
import { fakeFlags, serveBed, startServe, type ServeBed } from './support/served-agent';

jest.setTimeout(90_000);

const describeInChromium = chromiumForTests() ? describe : describe.skip;

describeInChromium('the page agent serve prints, in headless Chromium', () => {
  let browser: Browser;
  let bed: ServeBed;
  let fake: FakeServer;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(() => {
    bed = serveBed();
  });
  afterEach(async () => {
    await fake?.close();
    bed.cleanup();
  });

  it('opens the printed URL, sends a prompt and shows the reply', async () => {
    fake = await startOpenAIChatServer([{ text: ['Hello ', 'from ', 'the bundle.'] }]);
    const served = startServe(['--cwd', bed.workspace, ...fakeFlags(fake)], bed, {
      OPENAI_API_KEY: 'k',
    });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 360, height: 740 });
      await page.goto(await served.url);
      // Strings, run in the page: this package's types have no DOM.
      await page.waitForFunction(`document.getElementById('state')?.textContent === 'Ready'`);
      await page.type('#prompt', 'say hello');
      await page.click('#send');
      await page.waitForFunction(
        `document.querySelector('#transcript .assistant')?.textContent === 'Hello from the bundle.'`,
      );
      expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('say hello');
    } finally {
      served.child.kill('SIGTERM');
      expect((await served.exited).code).toBe(143);
    }
  });
});
