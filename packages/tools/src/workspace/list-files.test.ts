import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { searchEnginesForTests } from '../testing/ripgrep';
import { makeWorkspace, runTool, type Fixture } from './__tests__/workspace-fixture';
import { listFilesTool, MAX_LISTED_FILES } from './list-files';

let ws: Fixture;

beforeEach(async () => {
  ws = await makeWorkspace({
    '.gitignore': 'dist/\n*.log\n!keep.log\n',
    'README.md': '# hi\n',
    'src/index.ts': 'export {};\n',
    'src/util/strings.ts': 'export {};\n',
    'src/util/.gitignore': 'generated.ts\n',
    'src/util/generated.ts': 'export {};\n',
    'src/debug.log': 'log\n',
    'keep.log': 'kept\n',
    'dist/index.js': 'built\n',
    'node_modules/pkg/index.js': 'dep\n',
    'packages/a/node_modules/x/index.js': 'dep\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
  });
});

afterEach(() => ws.cleanup());

describe.each(searchEnginesForTests())('list_files (%s)', (engine) => {
  const tool = listFilesTool({ engine });
  it('lists every file, sorted, honouring root and nested .gitignore files', async () => {
    const result = await runTool(tool, {}, ws.ctx());
    expect(result.output.split('\n')).toEqual([
      '.gitignore',
      'README.md',
      'keep.log',
      'src/index.ts',
      'src/util/.gitignore',
      'src/util/strings.ts',
    ]);
    expect(result.summary).toBe('listed 6 files in .');
  });

  it('matches a glob under a path, printing paths from the workspace root', async () => {
    const result = await runTool(tool, { pattern: '**/*.ts', path: 'src' }, ws.ctx());
    expect(result.output).toBe('src/index.ts\nsrc/util/strings.ts');
    const top = await runTool(tool, { pattern: '*.md' }, ws.ctx());
    expect(top.output).toBe('README.md');
  });

  it('lists an ignored directory when asked for it by name, still skipping node_modules', async () => {
    await ws.write('dist/node_modules/x.js', '');
    const result = await runTool(tool, { path: 'dist' }, ws.ctx());
    expect(result.output).toBe('dist/index.js');
  });

  it('lists inside node_modules when asked for it by name', async () => {
    await ws.write('node_modules/pkg/node_modules/inner/index.js', '');
    const result = await runTool(tool, { path: 'node_modules/pkg' }, ws.ctx());
    expect(result.output).toBe(
      'node_modules/pkg/index.js\nnode_modules/pkg/node_modules/inner/index.js',
    );
  });

  it('says so when nothing matches', async () => {
    const result = await runTool(tool, { pattern: '**/*.rs' }, ws.ctx());
    expect(result.isError).toBeUndefined();
    expect(result.output).toMatch(/^No files match "\*\*\/\*\.rs" in the workspace/);
  });

  it(`caps the listing at ${MAX_LISTED_FILES} entries and says how many were omitted`, async () => {
    const many = path.join(ws.root, 'many');
    await fs.mkdir(many);
    await Promise.all(
      Array.from({ length: MAX_LISTED_FILES + 5 }, (_, i) =>
        fs.writeFile(path.join(many, `f${String(i).padStart(4, '0')}.txt`), ''),
      ),
    );
    const first = Array.from(
      { length: MAX_LISTED_FILES },
      (_, i) => `many/f${String(i).padStart(4, '0')}.txt`,
    );
    for (const engine of searchEnginesForTests()) {
      const result = await runTool(listFilesTool({ engine }), { path: 'many' }, ws.ctx());
      const lines = result.output.split('\n');
      expect(lines.slice(0, -2)).toEqual(first);
      expect(lines.at(-2)).toBe('');
      expect(lines.at(-1)).toBe('(5 more files omitted; narrow the pattern or path)');
      expect(result.summary).toBe(`listed ${MAX_LISTED_FILES + 5} files in many`);
    }
  });

  it('refuses to leave the workspace through path, pattern or a symlinked directory', async () => {
    await fs.writeFile(path.join(ws.outside, 'secret.txt'), 'secret\n');
    await fs.symlink(ws.outside, path.join(ws.root, 'out'));
    const attempts = [
      { path: '..' },
      { path: ws.outside },
      { path: 'out' },
      { pattern: '../outside/*' },
      { pattern: `${ws.outside}/*` },
    ];
    for (const input of attempts) {
      const result = await runTool(tool, input, ws.ctx());
      expect(result.isError).toBe(true);
      expect(result.output).not.toContain('secret.txt');
    }
    const listing = await runTool(tool, {}, ws.ctx());
    expect(listing.output).not.toContain('secret.txt');
  });

  it('refuses a file or missing directory as the path', async () => {
    expect((await runTool(tool, { path: 'README.md' }, ws.ctx())).output).toBe(
      '"README.md" is a file, not a directory; use read_file to read it',
    );
    expect((await runTool(tool, { path: 'nope' }, ws.ctx())).output).toBe(
      'directory "nope" does not exist',
    );
  });
});
