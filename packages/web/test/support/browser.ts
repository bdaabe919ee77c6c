import { chromiumPath } from '@agent/tools/testing';
import type { Browser } from 'puppeteer-core' with { 'resolution-mode': 'import' };

export { chromiumForTests } from '@agent/tools/testing';

export async function launchChromium(): Promise<Browser> {
  // puppeteer-core is an ES module only.
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Root in a container has no user namespace for Chromium's sandbox.
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/**
 * One Chromium for the tests of a `describe`: launched before them, closed after. The getter
 * gives it to each test.
 */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is launched before the tests');
    return browser;
  };
}
