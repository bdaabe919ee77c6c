import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { makeWorkspace, runTool, type Fixture } from './__tests__/workspace-fixture';
import { editFileTool } from './edit-file';

let ws: Fixture;
const tool = editFileTool();
const source = 'function a() {\n  return 1;\n}\n\nfunction b() {\n  return 1;\n}\n';

beforeEach(async () => {
  ws = await makeWorkspace({ 'src/f.ts': source });
});

afterEach(() => ws.cleanup());

describe('edit_file', () => {
  it('replaces a unique match and returns a unified diff', async () => {
    const input = { path: 'src/f.ts', old_string: 'function a', new_string: 'function first' };
    const result = await runTool(tool, input, ws.ctx());
    expect(await ws.read('src/f.ts')).toBe(source.replace('function a', 'function first'));
    expect(result.isError).toBeUndefined();
    expect(result.summary).toBe('edited src/f.ts (+1 -1)');
    expect(result.diff).toContain(
      '--- a/src/f.ts\n+++ b/src/f.ts\n@@ -1,4 +1,4 @@\n-function a() {\n+function first() {\n   return 1;\n',
    );
    expect(result.output).toBe(`Edited src/f.ts: replaced 1 occurrence.\n\n${result.diff}`);
  });

  it('refuses an ambiguous match, suggesting more context or replace_all', async () => {
    const input = { path: 'src/f.ts', old_string: 'return 1;', new_string: 'return 2;' };
    const result = await runTool(tool, input, ws.ctx());
    expect(result).toEqual({
      isError: true,
      output:
        'old_string was found 2 times in src/f.ts; add surrounding lines to old_string so it matches exactly once, or set replace_all to true to replace every occurrence.',
    });
    expect(await ws.read('src/f.ts')).toBe(source);
  });

  it('replaces every occurrence with replace_all', async () => {
    const input = {
      path: 'src/f.ts',
      old_string: 'return 1;',
      new_string: 'return 2;',
      replace_all: true,
    };
    const result = await runTool(tool, input, ws.ctx());
    expect(await ws.read('src/f.ts')).toBe(source.split('return 1;').join('return 2;'));
    expect(result.output).toMatch(/^Edited src\/f.ts: replaced 2 occurrences\./);
    expect(result.summary).toBe('edited src/f.ts (+2 -2)');
  });

  it('inserts replacement text literally, even with $ patterns', async () => {
    const input = {
      path: 'src/f.ts',
      old_string: 'return 1;\n}\n\n',
      new_string: "return '$&$1';\n}\n\n",
    };
    await runTool(tool, input, ws.ctx());
    expect(await ws.read('src/f.ts')).toContain("return '$&$1';");
  });

  it('explains when the text is not found, identical, empty, or the file is missing', async () => {
    const cases = [
      { path: 'src/f.ts', old_string: 'function c', new_string: 'x' },
      { path: 'src/f.ts', old_string: 'same', new_string: 'same' },
      { path: 'src/f.ts', old_string: '', new_string: 'x' },
      { path: 'src/missing.ts', old_string: 'a', new_string: 'b' },
    ];
    const outputs = await Promise.all(
      cases.map(async (input) => (await runTool(tool, input, ws.ctx())).output),
    );
    expect(outputs).toEqual([
      'old_string was not found in src/f.ts. It must match the file exactly, including whitespace and indentation; read the file again and copy the text.',
      'old_string and new_string are identical; there is nothing to change',
      'old_string is empty; use write_file to create or overwrite a whole file',
      'file "src/missing.ts" does not exist; use write_file to create it',
    ]);
    expect(await ws.read('src/f.ts')).toBe(source);
  });

  it('matches across CRLF line endings and keeps them', async () => {
    await ws.write('win.txt', 'a\r\nb\r\nc\r\n');
    await runTool(tool, { path: 'win.txt', old_string: 'a\nb', new_string: 'A\nB' }, ws.ctx());
    expect(await ws.read('win.txt')).toBe('A\r\nB\r\nc\r\n');
  });

  it('previews the diff without touching the file', async () => {
    const preview = await tool.preview!(
      { path: 'src/f.ts', old_string: 'function b', new_string: 'function second' },
      ws.ctx(),
    );
    expect(preview).toContain('-function b() {\n+function second() {\n');
    expect(await ws.read('src/f.ts')).toBe(source);
    // A call that cannot apply fails before anyone is asked (the loop turns this into the result).
    await expect(
      tool.preview!({ path: 'src/f.ts', old_string: 'zzz', new_string: 'y' }, ws.ctx()),
    ).rejects.toThrow(/old_string was not found in src\/f\.ts/);
  });

  it('refuses binary files and edits through a symlink leaving the workspace', async () => {
    await ws.write('blob.bin', Buffer.from([97, 0, 98]));
    const binary = await runTool(
      tool,
      { path: 'blob.bin', old_string: 'a', new_string: 'c' },
      ws.ctx(),
    );
    expect(binary.output).toMatch(/is binary/);
    const secret = path.join(ws.outside, 'secret.txt');
    await fs.writeFile(secret, 'original\n');
    await fs.symlink(secret, path.join(ws.root, 'link.txt'));
    const linked = await runTool(
      tool,
      { path: 'link.txt', old_string: 'original', new_string: 'pwned' },
      ws.ctx(),
    );
    expect(linked.isError).toBe(true);
    expect(linked.output).toMatch(/outside the workspace/);
    expect(await fs.readFile(secret, 'utf8')).toBe('original\n');
  });
});
