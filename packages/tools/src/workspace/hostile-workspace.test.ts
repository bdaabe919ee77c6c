import { execFileSync } from 'node:child_process';
import { constants, promises as fs, openSync, closeSync } from 'node:fs';
import * as path from 'node:path';
import type { Tool, ToolResult } from '@agent/tool-contract';
import { searchEnginesForTests } from '../testing/ripgrep';
import { makeWorkspace, runTool, type Fixture } from './__tests__/workspace-fixture';
import { editFileTool } from './edit-file';
import { grepTool } from './grep';
import { listFilesTool } from './list-files';
import { readFileTool } from './read-file';
import { writeFileTool } from './write-file';

// Probes from issue 16: a repository shipped with links out, FIFOs, odd names and hard links.

let ws: Fixture;
const fifos: string[] = [];

beforeEach(async () => {
  ws = await makeWorkspace({ 'src/a.ts': 'inside\n' });
  await fs.writeFile(path.join(ws.outside, 'secret.txt'), 'secret token\n');
});

afterEach(async () => {
  // A reader stuck opening a FIFO (the bug) is released by a writer opening it.
  for (const fifo of fifos.splice(0)) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // Nobody is reading it.
    }
  }
  await ws.cleanup();
});

/** The tool's result, or a failure when it takes longer than `ms` (it hung). */
async function within(ms: number, run: Promise<ToolResult>): Promise<ToolResult> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the tool hung for ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([run, hung]);
  } finally {
    clearTimeout(timer);
  }
}

function run(tool: Tool, input: unknown): Promise<ToolResult> {
  return within(3000, runTool(tool, input, ws.ctx()));
}

describe.each(searchEnginesForTests())(
  'globs never walk out through symlinked directories (item 2) (%s)',
  (engine) => {
    beforeEach(async () => {
      await fs.symlink(ws.outside, path.join(ws.root, 'dirlink'));
      await fs.symlink('/etc', path.join(ws.root, 'etc'));
      await fs.symlink(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'src', 'leak.txt'));
      await fs.symlink(path.join(ws.root, 'src'), path.join(ws.root, 'alias'));
    });

    it('list_files lists nothing behind a link that leaves the workspace', async () => {
      const etc = await run(listFilesTool({ engine }), { pattern: 'etc/pass*' });
      expect(etc.output).not.toContain('passwd');
      const out = await run(listFilesTool({ engine }), { pattern: 'dirlink/*' });
      expect(out.output).not.toContain('secret');
      const deep = await run(listFilesTool({ engine }), { pattern: 'dirlink/**/*' });
      expect(deep.output).not.toContain('secret');
      const all = await run(listFilesTool({ engine }), {});
      expect(all.output.split('\n')).toEqual(['src/a.ts']);
    });

    it('grep searches nothing behind a link that leaves the workspace', async () => {
      const etc = await run(grepTool({ engine }), { pattern: 'root', glob: 'etc/*' });
      expect(etc.output).toMatch(/^No matches/);
      const out = await run(grepTool({ engine }), { pattern: 'token', glob: 'dirlink/*' });
      expect(out.output).toMatch(/^No matches/);
      const named = await run(grepTool({ engine }), { pattern: 'token', glob: 'src/leak.txt' });
      expect(named.output).toMatch(/^No matches/);
    });

    it('a link that stays inside the workspace still works', async () => {
      const listed = await run(listFilesTool({ engine }), { pattern: 'alias/*' });
      expect(listed.output).toBe('alias/a.ts');
      const found = await run(grepTool({ engine }), { pattern: 'inside', glob: 'alias/*' });
      expect(found.output).toBe('alias/a.ts:1: inside');
    });
  },
);

describe('FIFOs and other special files are refused, never waited on (item 12)', () => {
  let fifo: string;
  beforeEach(() => {
    fifo = path.join(ws.root, 'pipe');
    execFileSync('mkfifo', [fifo]);
    fifos.push(fifo);
  });

  it('read_file, write_file and edit_file refuse a FIFO with a clear error', async () => {
    const read = await run(readFileTool(), { path: 'pipe' });
    expect(read).toMatchObject({ isError: true });
    expect(read.output).toMatch(/"pipe" is not a regular file \(a FIFO\)/);
    const written = await run(writeFileTool(), { path: 'pipe', content: 'x\n' });
    expect(written).toMatchObject({ isError: true });
    expect(written.output).toMatch(/"pipe" is not a regular file \(a FIFO\)/);
    const edited = await run(editFileTool(), { path: 'pipe', old_string: 'a', new_string: 'b' });
    expect(edited).toMatchObject({ isError: true });
    expect(edited.output).toMatch(/"pipe" is not a regular file \(a FIFO\)/);
    expect((await fs.lstat(fifo)).isFIFO()).toBe(true);
  });

  it.each(searchEnginesForTests())(
    'grep (%s) skips a FIFO in a search and refuses one named directly',
    async (engine) => {
      const all = await run(grepTool({ engine }), { pattern: 'inside' });
      expect(all.output).toBe('src/a.ts:1: inside');
      const direct = await run(grepTool({ engine }), { pattern: 'x', path: 'pipe' });
      expect(direct).toMatchObject({ isError: true });
      expect(direct.output).toMatch(/"pipe" is not a regular file \(a FIFO\)/);
    },
  );
});

describe.each(searchEnginesForTests())(
  'names starting with two dots are ordinary names (item 13) (%s)',
  (engine) => {
    beforeEach(async () => {
      await ws.write('..notes', 'remember the milk\n');
      await ws.write('docs/..draft.md', 'milk again\n');
    });

    it('list_files and grep show them', async () => {
      const listed = await run(listFilesTool({ engine }), {});
      expect(listed.output.split('\n')).toEqual(['..notes', 'docs/..draft.md', 'src/a.ts']);
      const byName = await run(listFilesTool({ engine }), { pattern: '**/..*' });
      expect(byName.output.split('\n')).toEqual(['..notes', 'docs/..draft.md']);
      const found = await run(grepTool({ engine }), { pattern: 'milk' });
      expect(found.output.split('\n')).toEqual([
        '..notes:1: remember the milk',
        'docs/..draft.md:1: milk again',
      ]);
    });

    it('a real ".." segment in a pattern is still refused', async () => {
      const result = await run(listFilesTool({ engine }), { pattern: 'src/../../*' });
      expect(result).toMatchObject({ isError: true });
      expect(result.output).toMatch(/contains "\.\."/);
    });
  },
);

describe('a hard link to an outside file is never written through (item 14)', () => {
  it('write_file and edit_file replace the workspace entry and leave the outside file alone', async () => {
    const secret = path.join(ws.outside, 'secret.txt');
    await fs.link(secret, path.join(ws.root, 'hard.txt'));
    const written = await run(writeFileTool(), { path: 'hard.txt', content: 'pwned\n' });
    expect(written.isError).toBeUndefined();
    expect(await ws.read('hard.txt')).toBe('pwned\n');
    expect(await fs.readFile(secret, 'utf8')).toBe('secret token\n');

    await fs.rm(path.join(ws.root, 'hard.txt'));
    await fs.link(secret, path.join(ws.root, 'hard.txt'));
    const edited = await run(editFileTool(), {
      path: 'hard.txt',
      old_string: 'token',
      new_string: 'pwned',
    });
    expect(edited.isError).toBeUndefined();
    expect(await ws.read('hard.txt')).toBe('secret pwned\n');
    expect(await fs.readFile(secret, 'utf8')).toBe('secret token\n');
  });

  it('keeps the mode of the file it replaces and leaves no temporary file', async () => {
    await ws.write('run.sh', 'echo one\n');
    await fs.chmod(path.join(ws.root, 'run.sh'), 0o750);
    await run(writeFileTool(), { path: 'run.sh', content: 'echo two\n' });
    expect((await fs.stat(path.join(ws.root, 'run.sh'))).mode & 0o777).toBe(0o750);
    expect((await fs.readdir(ws.root)).sort()).toEqual(['run.sh', 'src']);
  });
});
