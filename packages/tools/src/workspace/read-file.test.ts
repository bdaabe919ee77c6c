import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { makeWorkspace, runTool, type Fixture } from './__tests__/workspace-fixture';
import { readFileTool } from './read-file';

let ws: Fixture;
const tool = readFileTool();

beforeEach(async () => {
  ws = await makeWorkspace({ 'src/a.ts': 'one\ntwo\r\nthree\n' });
});

afterEach(() => ws.cleanup());

describe('read_file', () => {
  it('returns numbered lines and a summary', async () => {
    const result = await runTool(tool, { path: 'src/a.ts' }, ws.ctx());
    expect(result).toEqual({
      output: '    1\tone\n    2\ttwo\n    3\tthree',
      summary: 'read 3 lines of src/a.ts',
    });
  });

  it('pages with offset and limit and says where to continue', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n');
    await ws.write('long.txt', lines);
    const result = await runTool(tool, { path: 'long.txt', offset: 10, limit: 3 }, ws.ctx());
    expect(result.output).toBe(
      '   10\tline 10\n   11\tline 11\n   12\tline 12\n\n(18 more lines; continue with offset=13)',
    );
    expect(result.summary).toBe('read 3 lines of long.txt');
    const tail = await runTool(tool, { path: 'long.txt', offset: 29 }, ws.ctx());
    expect(tail.output).toBe('   29\tline 29\n   30\tline 30');
  });

  it('reads 2000 lines by default', async () => {
    await ws.write('big.txt', 'x\n'.repeat(2500));
    const result = await runTool(tool, { path: 'big.txt' }, ws.ctx());
    expect(result.summary).toBe('read 2000 lines of big.txt');
    expect(result.output).toMatch(/ 2000\tx\n\n\(500 more lines; continue with offset=2001\)$/);
  });

  it('cuts very long lines', async () => {
    await ws.write('min.js', 'a'.repeat(5000));
    const result = await runTool(tool, { path: 'min.js' }, ws.ctx());
    expect(result.output).toBe(`    1\t${'a'.repeat(2000)}… [line truncated, 5000 chars]`);
  });

  it('says when the offset is past the end, and when a file is empty', async () => {
    const past = await runTool(tool, { path: 'src/a.ts', offset: 9 }, ws.ctx());
    expect(past).toEqual({
      isError: true,
      output: 'offset 9 is past the end of "src/a.ts", which has 3 lines',
    });
    await ws.write('empty.txt', '');
    const empty = await runTool(tool, { path: 'empty.txt' }, ws.ctx());
    expect(empty.output).toBe('(file "empty.txt" is empty)');
  });

  it('refuses binary files, directories, missing and huge files', async () => {
    await ws.write('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    await fs.writeFile(path.join(ws.root, 'huge.log'), '');
    await fs.truncate(path.join(ws.root, 'huge.log'), 6 * 1024 * 1024);
    const outcomes = await Promise.all(
      ['logo.png', 'src', 'nope.ts', 'huge.log'].map((p) => runTool(tool, { path: p }, ws.ctx())),
    );
    expect(outcomes.map((r) => [r.isError, r.output])).toEqual([
      [true, 'file "logo.png" is binary (6 B); only text files can be read or edited'],
      [true, '"src" is a directory; use list_files to see its contents'],
      [true, 'file "nope.ts" does not exist'],
      [
        true,
        'file "huge.log" is 6.0 MB, over the 5.0 MB limit; use grep or run_shell (head, sed -n) to look at parts of it',
      ],
    ]);
  });

  it('refuses paths outside the workspace, also through a symlink', async () => {
    await fs.writeFile(path.join(ws.outside, 'secret.txt'), 'secret\n');
    await fs.symlink(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'innocent.txt'));
    for (const p of [
      '../outside/secret.txt',
      path.join(ws.outside, 'secret.txt'),
      'innocent.txt',
    ]) {
      const result = await runTool(tool, { path: p }, ws.ctx());
      expect(result.isError).toBe(true);
      expect(result.output).toMatch(/outside the workspace/);
      expect(result.output).not.toContain('secret\n');
    }
  });

  it('rejects invalid arguments through its schema', async () => {
    const result = await runTool(tool, { path: 'src/a.ts', offset: 0 }, ws.ctx());
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/^Invalid arguments for read_file: offset: /);
  });

  it('describes calls in one line', () => {
    expect(tool.describe!({ path: 'a.ts' })).toBe('read a.ts');
    expect(tool.describe!({ path: 'a.ts', offset: 10, limit: 5 })).toBe('read a.ts lines 10-14');
  });
});
