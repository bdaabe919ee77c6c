import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { toolForTests } from './test-tools';

/**
 * Debian's Chromium (never a downloaded browser), found on PATH like bwrap and rg, so a machine
 * without it on PATH skips the browser tests; CHROMIUM_PATH points elsewhere. Puppeteer needs a
 * path: where PATH has none, the bare name (which then fails the check).
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, 'chromium');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  return 'chromium';
}

/** Whether the browser tests run: skipped with one line where Chromium is missing. */
export function chromiumForTests(): boolean {
  return toolForTests({
    name: 'Chromium',
    install: 'apt-get install chromium',
    check: () =>
      void execFileSync(chromiumPath(), ['--version'], { stdio: 'pipe', timeout: 30_000 }),
  });
}
