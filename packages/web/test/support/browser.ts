import { execFileSync } from 'node:child_process';
import { toolForTests } from '@agent/tools/testing';
import type { Browser } from 'puppeteer-core' with { 'resolution-mode': 'import' };

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the browser tests run: skipped with one line where Chromium is missing. */
export function chromiumForTests(): boolean {
  return toolForTests({
    name: 'Chromium',
    install: 'apt-get install chromium',
    check: () => void execFileSync(CHROMIUM, ['--version'], { stdio: 'pipe', timeout: 30_000 }),
  });
}

export async function launchChromium(): Promise<Browser> {
  // puppeteer-core is an ES module only.
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Root in a container has no user namespace for Chromium's sandbox.
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}
