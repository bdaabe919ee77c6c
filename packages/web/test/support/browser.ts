import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { toolForTests } from '@agent/tools/testing';
import type { Browser } from 'puppeteer-core' with { 'resolution-mode': 'import' };

/**
 * Debian's Chromium (never a downloaded browser), found on PATH like bwrap and rg, so a machine
 * without it on PATH skips these tests; CHROMIUM_PATH points elsewhere.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? onPath('chromium');

/** The program `name` where PATH finds it (puppeteer needs a path), else the bare name. */
function onPath(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  return name;
}

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
