import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** The word every generated tree hides in some files, as a search target. */
export const SEARCH_NEEDLE = 'helper-plugin-utils';

export interface SearchTreeOptions {
  /** Source files to write (the ignored and re-included folders add about a quarter more). */
  files: number;
  /** Average size of a file in bytes (default 2 KB). */
  averageBytes?: number;
  /**
   * Plant a FIFO as one package's `.gitignore` (default true). ripgrep run directly opens it and
   * waits; leave it out of a tree that plain `rg` is compared against.
   */
  fifoRuleFile?: boolean;
}

const WORDS = [
  'const',
  'return',
  'import',
  'export',
  'function',
  'value',
  'options',
  'node',
  'path',
  'state',
  'result',
  'visitor',
  'scope',
  'binding',
  'plugin',
  'transform',
  'parser',
  'token',
  'expression',
  'statement',
  'identifier',
  'literal',
  'program',
  'callee',
  'argument',
  '=>',
  '{',
  '}',
  '(',
  ')',
  ';',
  '=',
  'if',
  'else',
  'for',
  'while',
  'await',
  'async',
  'new',
  'this',
];

/**
 * Writes a repository-like tree under `root` (which must exist and be empty) for search tests and
 * benchmarks: packages of source files, an ignored `build/` folder and ignored `node_modules`
 * folders, `test/fixtures/**\/node_modules` folders a `.gitignore` negation re-includes, a nested
 * `.gitignore` with its own negations (one re-including a `build/` folder that holds a rule file), a `.git` folder, a binary file and a file over 5 MB holding
 * the needle, a link out of the tree (to `outside`, which gets a file holding the needle), a link
 * inside it, a FIFO, and optionally a FIFO `.gitignore`. Deterministic for given options.
 */
export async function generateSearchTree(
  root: string,
  outside: string,
  options: SearchTreeOptions,
): Promise<void> {
  const averageBytes = options.averageBytes ?? 2048;
  let seed = 42;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const text = (bytes: number, needle: boolean): string => {
    const lines: string[] = [];
    let size = 0;
    const needleAt = Math.floor(random() * Math.max(1, bytes / 48));
    while (size < bytes) {
      const words: string[] = [];
      const count = 3 + Math.floor(random() * 9);
      for (let i = 0; i < count; i++) words.push(WORDS[Math.floor(random() * WORDS.length)]);
      if (needle && lines.length === needleAt) words.push(`'@babel/${SEARCH_NEEDLE}'`);
      const line = `${'  '.repeat(Math.floor(random() * 3))}${words.join(' ')}`;
      lines.push(line);
      size += line.length + 1;
    }
    return lines.join('\n') + '\n';
  };
  const files = new Map<string, string | Buffer>();
  const packages = Math.max(2, Math.round(options.files / 200));
  for (let i = 0; i < options.files; i++) {
    const pkg = `packages/pkg-${i % packages}`;
    const dir = `${pkg}/src/dir-${Math.floor(i / packages) % 17}`;
    const ext = i % 5 === 0 ? 'js' : 'ts';
    const bytes = Math.round(averageBytes * (0.25 + random() * 1.5));
    files.set(`${dir}/file-${i}.${ext}`, text(bytes, i % 50 === 7));
  }
  const extra = Math.max(4, Math.round(options.files / 8));
  for (let i = 0; i < extra; i++) {
    const pkg = `packages/pkg-${i % packages}`;
    files.set(`build/chunk-${i % 23}/out-${i}.js`, text(averageBytes / 2, i % 10 === 3));
    files.set(
      `${pkg}/node_modules/dep-${i % 7}/lib/index-${i}.js`,
      text(averageBytes / 2, i % 10 === 5),
    );
    if (i % 4 === 0) {
      files.set(
        `${pkg}/test/fixtures/case-${i % 9}/node_modules/fixture-dep/main-${i}.js`,
        text(averageBytes / 2, i % 8 === 0),
      );
    }
  }
  files.set('.gitignore', 'build/\nnode_modules\n!**/test/fixtures/**/node_modules\n*.log\n');
  // A nested negation that re-includes a directory the root's rules exclude, holding rule files.
  files.set('packages/pkg-0/.gitignore', '*.generated.ts\n!keep.generated.ts\n!build/\n');
  files.set('packages/pkg-0/build/.gitignore', '*.tmp.js\n');
  files.set('packages/pkg-0/build/bundle.js', text(400, true));
  files.set('packages/pkg-0/build/bundle.tmp.js', text(400, true));
  files.set('packages/pkg-0/build/cache/build/nested.js', text(400, true));
  files.set('packages/pkg-0/src/drop.generated.ts', text(200, true));
  files.set('packages/pkg-0/src/keep.generated.ts', text(200, true));
  files.set('packages/pkg-0/debug.log', text(200, true));
  files.set('.git/HEAD', 'ref: refs/heads/main\n');
  files.set('.git/objects/info/needle', `${SEARCH_NEEDLE}\n`);
  files.set('README.md', `# Generated tree\n\nSearch for ${SEARCH_NEEDLE}.\n`);
  files.set(
    'assets/blob.bin',
    Buffer.concat([Buffer.from(`${SEARCH_NEEDLE}\n`), Buffer.from([0, 1, 2, 3])]),
  );
  files.set('assets/huge.txt', `${SEARCH_NEEDLE}\n${'x'.repeat(5 * 1024 * 1024)}\n`);
  const entries = [...files.entries()];
  const directories = new Set(entries.map(([relative]) => path.dirname(path.join(root, relative))));
  for (const directory of directories) await fs.mkdir(directory, { recursive: true });
  for (let from = 0; from < entries.length; from += 64) {
    await Promise.all(
      entries
        .slice(from, from + 64)
        .map(([relative, content]) => fs.writeFile(path.join(root, relative), content)),
    );
  }
  await fs.mkdir(outside, { recursive: true });
  await fs.writeFile(path.join(outside, 'secret.ts'), `${SEARCH_NEEDLE}\n`);
  await fs.symlink(outside, path.join(root, 'link-out'));
  await fs.symlink(path.join(outside, 'secret.ts'), path.join(root, 'packages/pkg-0/src/leak.ts'));
  await fs.symlink(path.join(root, 'packages/pkg-1'), path.join(root, 'link-in'));
  execFileSync('mkfifo', [path.join(root, 'packages/pkg-0/src/pipe.ts')]);
  if (options.fifoRuleFile !== false) {
    execFileSync('mkfifo', [path.join(root, 'packages/pkg-1/.gitignore')]);
  }
}
