import { execFile, execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { allowAll, type Tool, type ToolContext } from '@agent/tool-contract';
import { generateSearchTree, SEARCH_NEEDLE } from '../testing';
import { ripgrepForTests, searchEnginesForTests } from '../testing/ripgrep';
import { runTool } from './__tests__/workspace-fixture';
import { grepTool } from './grep';
import { listFilesTool } from './list-files';

// Both engines on the same generated tree (ignored and re-included folders, a nested .gitignore
// with a negation, binary and oversized files, links in and out, FIFOs), and both against rg.

const run = promisify(execFile);
/** Comparisons with ripgrep and with rg itself: skipped, saying so, where rg is missing. */
const describeWithRg = ripgrepForTests() ? describe : describe.skip;
let top: string;
let hostile: string;
let plain: string;

function ctx(root: string, signal = new AbortController().signal): ToolContext {
  return { signal, workspaceRoot: root, toolCallId: 'call-1', person: allowAll };
}

beforeAll(async () => {
  top = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'agent-engines-')));
  hostile = path.join(top, 'hostile');
  plain = path.join(top, 'plain');
  await fs.mkdir(hostile);
  await fs.mkdir(plain);
  await generateSearchTree(hostile, path.join(top, 'outside'), { files: 400 });
  await generateSearchTree(plain, path.join(top, 'outside'), { files: 400, fifoRuleFile: false });
});

afterAll(() => fs.rm(top, { recursive: true, force: true }));

const engines = {
  ripgrep: { list: listFilesTool({ engine: 'ripgrep' }), grep: grepTool({ engine: 'ripgrep' }) },
  javascript: {
    list: listFilesTool({ engine: 'javascript' }),
    grep: grepTool({ engine: 'javascript' }),
  },
};

async function both(kind: 'list' | 'grep', root: string, input: unknown): Promise<string> {
  const [fast, slow] = await Promise.all([
    runTool(engines.ripgrep[kind] as Tool, input, ctx(root)),
    runTool(engines.javascript[kind] as Tool, input, ctx(root)),
  ]);
  expect(fast).toEqual(slow);
  return fast.output;
}

describeWithRg('list_files gives the same answer with ripgrep and in JavaScript', () => {
  it.each([
    [{}],
    [{ pattern: '**/*.ts' }],
    [{ pattern: 'packages/*/src/**/*.js' }],
    [{ pattern: '*.md' }],
    [{ pattern: 'link-in/**/*.ts' }],
    [{ pattern: 'link-out/*' }],
    [{ path: 'packages/pkg-0' }],
    [{ path: 'build', pattern: '**/out-1*.js' }],
    [{ path: 'packages/pkg-1/node_modules' }],
  ])('%j', async (input) => {
    const output = await both('list', hostile, input);
    expect(output).not.toMatch(/secret\.ts|pipe\.ts|leak\.ts/);
  });

  it('lists re-included node_modules, skips ignored ones, .git and links', async () => {
    const files = (await both('list', hostile, { pattern: '**/*.js' })).split('\n');
    const listed = (await runTool(engines.ripgrep.list, {}, ctx(hostile))).summary;
    expect(listed).toMatch(/^listed \d+ files/);
    expect(files.some((file) => /test\/fixtures\/case-\d\/node_modules\//.test(file))).toBe(true);
    const all = await runTool(
      listFilesTool({ engine: 'javascript' }),
      { pattern: '**/*' },
      ctx(hostile),
    );
    expect(all.output).not.toMatch(/^build\/|\/node_modules\/dep-|^\.git\//m);
    expect(all.output).toMatch(/keep\.generated\.ts/);
    expect(all.output).not.toMatch(/drop\.generated\.ts|debug\.log/);
  });

  it('lists a folder a nested .gitignore re-includes, by the rules inside it', async () => {
    const nested = 'packages/pkg-0/build/cache/build/nested.js';
    for (const pattern of ['**/*', 'packages/**/*.js', '**/build/**', 'packages/*/build/*']) {
      const files = (await both('list', hostile, { pattern })).split('\n');
      expect(files).toContain('packages/pkg-0/build/bundle.js');
      expect(files).not.toContain('packages/pkg-0/build/bundle.tmp.js');
      expect(files.includes(nested)).toBe(pattern !== 'packages/*/build/*');
    }
  });
});

describeWithRg('grep gives the same answer with ripgrep and in JavaScript', () => {
  it.each([
    [{ pattern: SEARCH_NEEDLE }],
    [{ pattern: 'HELPER-plugin', ignore_case: true }],
    [{ pattern: '\\bplugin\\b.*\\(\\s*\\)' }],
    [{ pattern: '^\\s{2}(?:await|async) [a-z]+ \\d?' }],
    [{ pattern: '[{}]\\s*;$' }],
    [{ pattern: 'scope(?= binding)' }],
    [{ pattern: SEARCH_NEEDLE, glob: '*.js' }],
    [{ pattern: SEARCH_NEEDLE, glob: 'packages/pkg-0/**' }],
    [{ pattern: SEARCH_NEEDLE, path: 'packages/pkg-0' }],
    [{ pattern: SEARCH_NEEDLE, path: 'packages/pkg-0/build' }],
    [{ pattern: SEARCH_NEEDLE, glob: 'packages/*/build/*' }],
    [{ pattern: SEARCH_NEEDLE, path: 'build' }],
    [{ pattern: 'nothing matches this' }],
  ])('%j', async (input) => {
    const output = await both('grep', hostile, input);
    expect(output).not.toMatch(/secret\.ts|blob\.bin|huge\.txt|^\.git\//m);
  });
});

describeWithRg('both engines agree with rg run directly', () => {
  const rgFlags = ['--no-config', '--hidden', '--no-require-git', '--glob', '!.git'];

  it('list_files lists what rg --files lists', async () => {
    const { stdout } = await run('rg', [...rgFlags, '--files', '.'], {
      cwd: plain,
      maxBuffer: 1 << 26,
    });
    const expected = stdout
      .trim()
      .split('\n')
      .map((line) => line.replace(/^\.\//, ''))
      .sort();
    for (const engine of Object.values(engines)) {
      const result = await runTool(engine.list, { pattern: '**/*' }, ctx(plain));
      const shown = result.output
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('('));
      expect(result.summary).toBe(`listed ${expected.length} files in .`);
      expect(shown).toEqual(expected.slice(0, shown.length));
    }
  });

  it('grep finds the lines rg finds', async () => {
    const { stdout } = await run(
      'rg',
      [...rgFlags, '--max-filesize', '5M', '--line-number', '--no-heading', SEARCH_NEEDLE, '.'],
      { cwd: plain, maxBuffer: 1 << 26 },
    );
    const expected = stdout
      .trim()
      .split('\n')
      .map((line) => line.replace(/^\.\/([^:]+):(\d+):/, '$1:$2: '))
      .sort(byFileAndLine);
    for (const engine of Object.values(engines)) {
      const result = await runTool(engine.grep, { pattern: SEARCH_NEEDLE }, ctx(plain));
      expect(result.output.split('\n')).toEqual(expected);
    }
  });
});

describeWithRg('rule files that the rules themselves exclude', () => {
  // `.git*` excludes every `.gitignore` below, and a directory named `.gitignore`; git and rg
  // still read an excluded `.gitignore` (so `a/x.txt` is ignored) and do not list it.
  let root: string;
  beforeAll(async () => {
    root = path.join(top, 'excluded-rules');
    const files: Record<string, string> = {
      '.gitignore': '.git*\n',
      'a/.gitignore': 'x.txt\n',
      'a/x.txt': 'needle\n',
      'a/y.txt': 'needle\n',
      'a/deep/.gitignore': '!x.txt\n',
      'a/deep/x.txt': 'needle\n',
      'b/.gitignore/inside.txt': 'needle\n',
      'c/.gitkeep': 'needle\n',
      'c/z.txt': 'needle\n',
    };
    for (const [relative, text] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(root, relative)), { recursive: true });
      await fs.writeFile(path.join(root, relative), text);
    }
  });
  const expected = ['a/deep/x.txt', 'a/y.txt', 'c/z.txt'];

  it('are read, and neither listed nor searched, by both engines as by rg', async () => {
    const { stdout } = await run('rg', ['--no-config', '--hidden', '--no-require-git', '--files'], {
      cwd: root,
    });
    expect(stdout.trim().split('\n').sort()).toEqual(expected);
    for (const input of [{}, { path: 'a' }, { pattern: 'a/**' }]) {
      expect((await both('list', root, input)).split('\n')).toEqual(
        expected.filter(
          (file) => !('path' in input || 'pattern' in input) || file.startsWith('a/'),
        ),
      );
    }
    expect((await both('grep', root, { pattern: 'needle' })).split('\n')).toEqual(
      expected.map((file) => `${file}:1: needle`),
    );
  });
});

function byFileAndLine(a: string, b: string): number {
  const [fileA, lineA] = a.split(':');
  const [fileB, lineB] = b.split(':');
  return fileA !== fileB ? (fileA < fileB ? -1 : 1) : Number(lineA) - Number(lineB);
}

describe('abort', () => {
  it.each(searchEnginesForTests())(
    'stops %s grep and list_files within a second, leaving no rg process',
    async (name) => {
      for (const tool of [engines[name].grep, engines[name].list]) {
        for (let turns = 0; turns < 4; turns++) {
          const controller = new AbortController();
          const started = Date.now();
          const pending = runTool(
            tool,
            { pattern: tool === engines[name].grep ? SEARCH_NEEDLE : '**/*' },
            ctx(hostile, controller.signal),
          );
          for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
          controller.abort();
          const result = await pending;
          expect(Date.now() - started).toBeLessThan(1000);
          expect(result).toEqual({ isError: true, output: 'the search was aborted' });
          expect(rgChildren()).toEqual([]);
        }
      }
    },
  );
});

function rgChildren(): string[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), '-x', 'rg'], { encoding: 'utf8' })
      .trim()
      .split('\n');
  } catch {
    return [];
  }
}
