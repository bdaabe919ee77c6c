import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { makeWorkspace, runTool, type Fixture } from './__tests__/workspace-fixture';
import { writeFileTool } from './write-file';

let ws: Fixture;
const tool = writeFileTool();

beforeEach(async () => {
  ws = await makeWorkspace({ 'a.txt': 'one\ntwo\n' });
});

afterEach(() => ws.cleanup());

describe('write_file', () => {
  it('creates a file and its parent directories, returning a diff', async () => {
    const result = await runTool(tool, { path: 'src/new/b.ts', content: 'x\ny\n' }, ws.ctx());
    expect(await ws.read('src/new/b.ts')).toBe('x\ny\n');
    expect(result.output).toBe('Created src/new/b.ts (2 lines).');
    expect(result.summary).toBe('wrote 2 lines to src/new/b.ts');
    expect(result.diff).toContain('--- /dev/null\n+++ b/src/new/b.ts\n@@ -0,0 +1,2 @@\n+x\n+y\n');
  });

  it('overwrites a file, the diff showing what changed', async () => {
    const result = await runTool(tool, { path: 'a.txt', content: 'one\nTWO\n' }, ws.ctx());
    expect(await ws.read('a.txt')).toBe('one\nTWO\n');
    expect(result.output).toBe('Overwrote a.txt (2 lines).');
    expect(result.diff).toContain('--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n');
  });

  it('previews the diff without writing anything', async () => {
    const preview = await tool.preview!({ path: 'a.txt', content: 'changed\n' }, ws.ctx());
    expect(preview).toContain('-one\n-two\n+changed\n');
    const created = await tool.preview!({ path: 'dir/c.txt', content: 'c\n' }, ws.ctx());
    expect(created).toContain('+++ b/dir/c.txt');
    expect(await ws.read('a.txt')).toBe('one\ntwo\n');
    await expect(fs.stat(path.join(ws.root, 'dir'))).rejects.toThrow(/ENOENT/);
    await expect(tool.preview!({ path: '../x', content: '' }, ws.ctx())).rejects.toThrow(
      /outside the workspace/,
    );
  });

  it('says "no changes" for an identical rewrite and leaves the file alone', async () => {
    const before = await fs.stat(path.join(ws.root, 'a.txt'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const result = await runTool(tool, { path: 'a.txt', content: 'one\ntwo\n' }, ws.ctx());
    expect(result.output).toBe('No changes: a.txt already has this content.');
    expect(result.summary).toBe('no changes to a.txt');
    expect(result.isError).toBeUndefined();
    const after = await fs.stat(path.join(ws.root, 'a.txt'));
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it('refuses to write outside the workspace, leaving the outside file untouched', async () => {
    const secret = path.join(ws.outside, 'secret.txt');
    await fs.writeFile(secret, 'original\n');
    await fs.symlink(secret, path.join(ws.root, 'link.txt'));
    await fs.symlink(ws.outside, path.join(ws.root, 'outdir'));
    for (const p of [
      '../outside/secret.txt',
      secret,
      'link.txt',
      'outdir/secret.txt',
      'outdir/new.txt',
    ]) {
      const result = await runTool(tool, { path: p, content: 'pwned\n' }, ws.ctx());
      expect(result.isError).toBe(true);
      expect(result.output).toMatch(/outside the workspace/);
    }
    expect(await fs.readFile(secret, 'utf8')).toBe('original\n');
    expect((await fs.readdir(ws.outside)).sort()).toEqual(['secret.txt']);
  });

  it('refuses to overwrite a directory', async () => {
    await fs.mkdir(path.join(ws.root, 'dir'));
    const result = await runTool(tool, { path: 'dir', content: '' }, ws.ctx());
    expect(result).toEqual({ isError: true, output: '"dir" is a directory; give a file path' });
  });

  it('describes calls in one line', () => {
    expect(tool.describe!({ path: 'a.ts', content: '1\n2\n3' })).toBe('write a.ts (3 lines)');
    expect(tool.permission).toBe('edit');
  });
});
