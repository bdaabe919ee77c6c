import fs from 'node:fs';
import path from 'node:path';

/** The page's files (index.html, page.js, page.css) by name, as their text. */
export type PageFiles = Readonly<Record<string, string>>;

/**
 * The files of the package's `public/` folder. The CLI's bundle replaces this module with one
 * that holds their text (apps/cli/scripts/bundle.js, `inlinePageFiles`), so the installed agent
 * serves the page with no source tree around it.
 */
export function pageFiles(): PageFiles {
  const dir = path.join(__dirname, '..', 'public');
  return Object.fromEntries(
    fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]),
  );
}
