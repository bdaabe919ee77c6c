// Runs before `pnpm pack` / `pnpm publish` of a package (its `prepack` script): refuses to pack a
// package whose dist/ is missing an export, older than a source file, or holds output of a
// source that no longer exists, so a tarball always holds the build of the sources it names.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const dir = process.cwd();
const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const problems = [];

/** Every file under `root` whose name passes `keep`. */
function filesUnder(root, keep) {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

const targets = [manifest.main, manifest.types];
for (const entry of Object.values(manifest.exports ?? {})) {
  if (typeof entry === 'object' && entry) targets.push(...Object.values(entry));
}
for (const target of targets.filter((t) => typeof t === 'string' && /\.(js|d\.ts)$/.test(t))) {
  if (!fs.existsSync(path.join(dir, target))) problems.push(`${target} is missing`);
}

const src = path.join(dir, 'src');
const dist = path.join(dir, 'dist');
const isSource = (name) =>
  name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.includes('.test.');
// Test helpers under __tests__/ are not built (tsconfig.build.json excludes them).
const built = (file) => !file.split(path.sep).includes('__tests__');
for (const source of filesUnder(src, isSource).filter(built)) {
  const output = path.join(dist, path.relative(src, source)).replace(/\.ts$/, '.js');
  if (!fs.existsSync(output)) problems.push(`${path.relative(dir, output)} is missing`);
  else if (fs.statSync(output).mtimeMs < fs.statSync(source).mtimeMs) {
    problems.push(`${path.relative(dir, source)} changed after ${path.relative(dir, output)}`);
  }
}
for (const output of filesUnder(dist, (name) => name.endsWith('.js'))) {
  const source = path.join(src, path.relative(dist, output)).replace(/\.js$/, '.ts');
  if (!fs.existsSync(source)) problems.push(`${path.relative(dir, output)} has no source (stale)`);
}

if (problems.length > 0) {
  console.error(
    `${manifest.name}: dist/ does not match src/, so it is not packed:\n` +
      problems
        .slice(0, 10)
        .map((problem) => `  ${problem}`)
        .join('\n') +
      (problems.length > 10 ? `\n  ... and ${problems.length - 10} more` : '') +
      `\nRun \`pnpm build\` (or \`rm -rf dist && pnpm build\` for stale files), then pack again.`,
  );
  process.exit(1);
}
