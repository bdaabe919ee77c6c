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
function loadInChild(execArgv: string[] = []): { fromCache: boolean; answer: number } {
  const script = [
    `const { requireWithCodeCache } = require(${JSON.stringify(BUILT)});`,
    `const loaded = requireWithCodeCache(${JSON.stringify(moduleFile)}, ${JSON.stringify(cacheDir)});`,
    'loaded.save();',
    'console.log(JSON.stringify({ fromCache: loaded.fromCache, answer: loaded.exports.answer }));',
  ].join('\n');
  const env = { ...process.env, NODE_OPTIONS: '' };
  const output = execFileSync(process.execPath, [...execArgv, '-e', script], {
    encoding: 'utf8',
    env,
  });
  return JSON.parse(output) as {
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
    expect(cacheFiles()).toEqual([]);
    expect(loadInChild()).toEqual({ fromCache: false, answer: 42 });
    const [stored] = cacheFiles();
    expect(stored).toMatch(/^core-v\d+\.\d+\.\d+-.+\.v8cache$/);
    const written = fs.statSync(path.join(cacheDir, stored!)).mtimeMs;

    expect(loadInChild()).toEqual({ fromCache: true, answer: 42 });
    expect(cacheFiles()).toEqual([stored]);
    expect(fs.statSync(path.join(cacheDir, stored!)).mtimeMs).toBe(written);
    expect(fs.statSync(path.join(cacheDir, stored!)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(cacheDir).mode & 0o777).toBe(0o700);
  });

  it('never uses the cache of other contents, even of the same length', () => {
    loadInChild();
    fs.writeFileSync(moduleFile, SOURCE.replace('6 * 7', '7 * 7'));
    expect(loadInChild()).toEqual({ fromCache: false, answer: 49 });
    expect(loadInChild()).toEqual({ fromCache: true, answer: 49 });
  });

  it("keeps the caches of a runtime's three newest builds", () => {
    const builds = ['6 * 7', '7 * 7', '8 * 7', '9 * 7'];
    const files: string[] = [];
    builds.forEach((build, i) => {
      fs.writeFileSync(moduleFile, SOURCE.replace('6 * 7', build));
      loadInChild();
      const added = cacheFiles().find((name) => !files.includes(name))!;
      files.push(added);
      const age = (builds.length - i) * 60; // older builds were written earlier
      const when = new Date(Date.now() - age * 1000);
      fs.utimesSync(path.join(cacheDir, added), when, when);
    });
    expect(cacheFiles().sort()).toEqual(files.slice(1).sort());
    // Two checkouts sharing the agent home keep both their caches.
    fs.writeFileSync(moduleFile, SOURCE.replace('6 * 7', '8 * 7'));
    expect(loadInChild()).toEqual({ fromCache: true, answer: 56 });
  });

  it('gives each set of V8 flags its own cache', () => {
    loadInChild();
    expect(loadInChild(['--stack-trace-limit=20'])).toEqual({ fromCache: false, answer: 42 });
    expect(loadInChild(['--stack-trace-limit=20'])).toEqual({ fromCache: true, answer: 42 });
    expect(loadInChild()).toEqual({ fromCache: true, answer: 42 });
    expect(cacheFiles()).toHaveLength(2);
  });

  it('ignores a cache that others could have written', () => {
    loadInChild();
    const file = path.join(cacheDir, cacheFiles()[0]!);
    fs.chmodSync(file, 0o666);
    expect(loadInChild()).toEqual({ fromCache: false, answer: 42 });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadInChild()).toEqual({ fromCache: true, answer: 42 });
  });

  it('removes what nobody has written for a month', () => {
    fs.mkdirSync(cacheDir, { recursive: true });
    const old = path.join(cacheDir, 'core-v18.0.0-x64-0-0.v8cache');
    const recent = path.join(cacheDir, 'core-v22.0.0-x64-0-0.v8cache');
    for (const [file, days] of [
      [old, 40],
      [recent, 10],
    ] as const) {
      fs.writeFileSync(file, 'cache');
      const when = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
      fs.utimesSync(file, when, when);
    }
    loadInChild();
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
  });

  it('is stored even beside entries it cannot remove or does not know', () => {
    const oldDir = path.join(cacheDir, 'old-folder');
    fs.mkdirSync(oldDir, { recursive: true });
    const monthsAgo = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000);
    fs.utimesSync(oldDir, monthsAgo, monthsAgo);
    fs.writeFileSync(path.join(cacheDir, 'notes.txt'), 'not ours');
    fs.utimesSync(path.join(cacheDir, 'notes.txt'), monthsAgo, monthsAgo);
    loadInChild();
    expect(loadInChild()).toEqual({ fromCache: true, answer: 42 });
    expect(fs.existsSync(oldDir)).toBe(true);
    expect(fs.existsSync(path.join(cacheDir, 'notes.txt'))).toBe(true);
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
