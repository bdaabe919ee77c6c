import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { searchEnginesForTests } from '../testing/ripgrep';
import { makeWorkspace, runTool, type Fixture } from './__tests__/workspace-fixture';
import { grepTool, MAX_GREP_MATCHES } from './grep';

let ws: Fixture;

beforeEach(async () => {
  ws = await makeWorkspace({
    '.gitignore': 'build/\n',
    'src/a.ts': 'const token = 1;\nfunction useToken() {}\n',
    'src/b.js': 'let token;\n',
    'src/sub/.gitignore': 'secret.ts\n',
    'src/sub/secret.ts': 'token\n',
    'build/out.js': 'token\n',
    'node_modules/dep/index.js': 'token\n',
    'image.bin': Buffer.concat([Buffer.from('token'), Buffer.from([0, 1, 2])]),
  });
});

afterEach(() => ws.cleanup());

describe.each(searchEnginesForTests())('grep (%s)', (engine) => {
  const tool = grepTool({ engine });
  it('prints path:line: text for each match, skipping ignored and binary files', async () => {
    const result = await runTool(tool, { pattern: 'token' }, ws.ctx());
    expect(result).toEqual({
      output: 'src/a.ts:1: const token = 1;\nsrc/b.js:1: let token;',
      summary: '2 matches in 2 files',
    });
  });

  it('filters by glob at any depth, by path, and ignores case when asked', async () => {
    const ts = await runTool(tool, { pattern: 'token', glob: '*.ts', ignore_case: true }, ws.ctx());
    expect(ts.output).toBe('src/a.ts:1: const token = 1;\nsrc/a.ts:2: function useToken() {}');
    const file = await runTool(tool, { pattern: '^let', path: 'src/b.js' }, ws.ctx());
    expect(file.output).toBe('src/b.js:1: let token;');
  });

  it('reports no matches without an error', async () => {
    const result = await runTool(tool, { pattern: 'nothing here' }, ws.ctx());
    expect(result).toEqual({
      output: 'No matches for /nothing here/ in the workspace.',
      summary: '0 matches in 0 files',
    });
  });

  it('turns an invalid regex into an actionable error', async () => {
    const result = await runTool(tool, { pattern: 'foo(' }, ws.ctx());
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/^invalid regular expression \/foo\(\/: .*Unterminated group/);
    expect(result.output).toMatch(/escape special characters/);
  });

  it('refuses a binary file named directly', async () => {
    const result = await runTool(tool, { pattern: 'token', path: 'image.bin' }, ws.ctx());
    expect(result).toEqual({
      isError: true,
      output: '"image.bin" is binary or over 5 MB; grep searches text files only',
    });
  });

  it('caps the number of matches and the length of each line', async () => {
    await ws.write('many.txt', `${'match '.repeat(100)}\n`.repeat(MAX_GREP_MATCHES + 10));
    const result = await runTool(tool, { pattern: 'match', path: 'many.txt' }, ws.ctx());
    const lines = result.output.split('\n');
    expect(lines).toHaveLength(MAX_GREP_MATCHES + 2);
    expect(lines[0]).toMatch(/^many\.txt:1: (match ){50}… \[line truncated, 600 chars\]$/);
    expect(lines.at(-1)).toBe('(10 more matches omitted; narrow the pattern, path or glob)');
    expect(result.summary).toBe(`${MAX_GREP_MATCHES + 10} matches in 1 file`);
  });

  it('shows the first matches in file order, not in the order files are found', async () => {
    // A walk finds many/z*.txt before it reads many/a, whose files sort first.
    const names = Array.from({ length: 100 }, (_, i) => String(i).padStart(3, '0'));
    const files = [...names.map((n) => `many/a/f${n}.txt`), ...names.map((n) => `many/z${n}.txt`)];
    await Promise.all(files.map((file) => ws.write(file, 'match\nmatch\nmatch\n')));
    const result = await runTool(tool, { pattern: 'match', path: 'many' }, ws.ctx());
    const expected = files
      .flatMap((file) => [1, 2, 3].map((line) => `${file}:${line}: match`))
      .slice(0, MAX_GREP_MATCHES);
    expect(result.output.split('\n').slice(0, MAX_GREP_MATCHES)).toEqual(expected);
    expect(result.summary).toBe('600 matches in 200 files');
  });

  it('does not search outside the workspace, even through a symlink', async () => {
    await fs.writeFile(path.join(ws.outside, 'secret.txt'), 'token\n');
    await fs.symlink(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'src', 'link.txt'));
    await fs.symlink(ws.outside, path.join(ws.root, 'src', 'outdir'));
    const all = await runTool(tool, { pattern: 'token' }, ws.ctx());
    expect(all.output).not.toMatch(/link\.txt|outdir/);
    const direct = await runTool(tool, { pattern: 'token', path: 'src/link.txt' }, ws.ctx());
    expect(direct.isError).toBe(true);
    expect(direct.output).toMatch(/outside the workspace/);
    const up = await runTool(tool, { pattern: 'token', path: '../outside' }, ws.ctx());
    expect(up.isError).toBe(true);
  });

  describe('a pattern that backtracks catastrophically', () => {
    const EVIL = '^(a+)+$';
    beforeEach(() => ws.write('evil.txt', `ok\n${'a'.repeat(40)}!\n`));

    it('is stopped after the time limit, with advice', async () => {
      const started = Date.now();
      const quick = grepTool({ fileTimeLimitMs: 300, engine });
      const result = await runTool(quick, { pattern: EVIL, path: 'evil.txt' }, ws.ctx());
      expect(result.isError).toBe(true);
      expect(result.output).toMatch(
        /ran for over 0\.3 s on evil\.txt .*backtracks catastrophically/,
      );
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('is stopped at once by abort', async () => {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 200);
      const result = await runTool(
        tool,
        { pattern: EVIL, path: 'evil.txt' },
        ws.ctx(controller.signal),
      );
      expect(result).toMatchObject({ isError: true, output: expect.stringMatching(/aborted/) });
      expect(Date.now() - started).toBeLessThan(3_000);
    });
  });
});
