import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireWithCodeCache } from '../src/code-cache';

interface Fixture {
  answer: number;
  dir: string;
  file: string;
  sibling: string;
  fail(): never;
}

let root: string;
let moduleFile: string;
let cacheDir: string;

const SOURCE = [
  "const sibling = require('./sibling.js');",
  'module.exports = {',
  '  answer: 6 * 7,',
  '  dir: __dirname,',
  '  file: __filename,',
  '  sibling,',
  "  fail() { throw new Error('from line 7'); },",
  '};',
  '',
].join('\n');

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'code-cache-')));
  moduleFile = path.join(root, 'core.js');
  cacheDir = path.join(root, 'home', 'cache');
  fs.writeFileSync(moduleFile, SOURCE);
  fs.writeFileSync(path.join(root, 'sibling.js'), "module.exports = 'next door';\n");
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const BUILT = path.resolve(__dirname, '..', 'dist', 'code-cache.js');

/**
 * Loads the file in a fresh process, then saves its cache: V8 keeps compiled scripts in memory,
 * so only another process shows what the stored cache does.
 */
function loadInChild(): { fromCache: boolean; answer: number } {
  const script = [
    `const { requireWithCodeCache } = require(${JSON.stringify(BUILT)});`,
    `const loaded = requireWithCodeCache(${JSON.stringify(moduleFile)}, ${JSON.stringify(cacheDir)});`,
    'loaded.save();',
    'console.log(JSON.stringify({ fromCache: loaded.fromCache, answer: loaded.exports.answer }));',
  ].join('\n');
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
    fromCache: boolean;
    answer: number;
  };
}

const cacheFiles = (): string[] => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);

describe('requireWithCodeCache', () => {
  it('loads a CommonJS file as require would: exports, its own require, __dirname, __filename', () => {
    const loaded = requireWithCodeCache<Fixture>(moduleFile, cacheDir);
    expect(loaded.exports).toMatchObject({
      answer: 42,
      dir: root,
      file: moduleFile,
      sibling: 'next door',
    });
    expect(loaded.fromCache).toBe(false);
  });

  it('keeps line numbers in stack traces', () => {
    const loaded = requireWithCodeCache<Fixture>(moduleFile, cacheDir);
    let stack = '';
    try {
      loaded.exports.fail();
    } catch (error) {
      stack = (error as Error).stack ?? '';
    }
    expect(stack).toContain(`${moduleFile}:7:`);
  });

  it('saves the compiled code after a run, and the next run uses it', () => {
    const first = requireWithCodeCache<Fixture>(moduleFile, cacheDir);
    expect(cacheFiles()).toEqual([]);
    first.save();
    const [stored] = cacheFiles();
    expect(stored).toMatch(/^core-v\d+\.\d+\.\d+-.+\.v8cache$/);
    const written = fs.statSync(path.join(cacheDir, stored!)).mtimeMs;

    expect(loadInChild()).toEqual({ fromCache: true, answer: 42 });
    expect(cacheFiles()).toEqual([stored]);
    expect(fs.statSync(path.join(cacheDir, stored!)).mtimeMs).toBe(written);
  });

  it('never uses the cache of other contents, even of the same length, and drops it', () => {
    expect(loadInChild()).toEqual({ fromCache: false, answer: 42 });
    const [old] = cacheFiles();
    fs.writeFileSync(moduleFile, SOURCE.replace('6 * 7', '7 * 7'));

    expect(loadInChild()).toEqual({ fromCache: false, answer: 49 });
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()[0]).not.toBe(old);
    expect(loadInChild()).toEqual({ fromCache: true, answer: 49 });
  });

  it('rejects a corrupt cache, still loads, and rewrites it', () => {
    loadInChild();
    const file = path.join(cacheDir, cacheFiles()[0]!);
    fs.writeFileSync(file, Buffer.from('not a code cache at all'));

    expect(loadInChild()).toEqual({ fromCache: false, answer: 42 });
    expect(loadInChild()).toEqual({ fromCache: true, answer: 42 });
  });

  it('runs without complaint when the cache cannot be written', () => {
    fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
    fs.writeFileSync(cacheDir, 'a file where the cache folder would go');
    const loaded = requireWithCodeCache<Fixture>(moduleFile, cacheDir);
    expect(() => loaded.save()).not.toThrow();
    expect(loaded.exports.answer).toBe(42);
  });
});
