import { chromiumPath } from '@agent/tools/testing';
import type { Browser } from 'puppeteer-core' with { 'resolution-mode': 'import' };

export { chromiumForTests } from '@agent/tools/testing';

/** Debian's Chromium, headless, through puppeteer-core (never a downloaded browser). */
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
