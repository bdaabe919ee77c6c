import fs from 'node:fs';
import path from 'node:path';

/** The runner's version from its package.json (one level above `dist`). */
export function readVersion(): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'),
  ) as { version?: string };
  return manifest.version ?? '0.0.0';
}
