import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '@agent/tool-contract';
import { makeWorkspace, type Fixture } from './__tests__/workspace-fixture';
import { resolveInWorkspace } from './path-safety';

let ws: Fixture;

beforeEach(async () => {
  ws = await makeWorkspace({ 'src/a.ts': 'a\n' });
  await fs.writeFile(path.join(ws.outside, 'secret.txt'), 'secret\n');
});

afterEach(() => ws.cleanup());

describe('resolveInWorkspace', () => {
  it('resolves relative and absolute paths inside the workspace', async () => {
    await expect(resolveInWorkspace(ws.root, 'src/a.ts')).resolves.toEqual({
      absolute: path.join(ws.root, 'src', 'a.ts'),
      relative: 'src/a.ts',
      root: ws.root,
    });
    const absolute = await resolveInWorkspace(ws.root, path.join(ws.root, 'src/a.ts'));
    expect(absolute.relative).toBe('src/a.ts');
    expect((await resolveInWorkspace(ws.root, '')).relative).toBe('.');
    expect((await resolveInWorkspace(ws.root, 'src/../src/new/file.ts')).relative).toBe(
      'src/new/file.ts',
    );
  });

  it.each(['../outside/secret.txt', '..', 'src/../../x', '/etc/passwd'])(
    'refuses %s as outside the workspace',
    async (userPath) => {
      await expect(resolveInWorkspace(ws.root, userPath)).rejects.toThrow(
        new ToolError(
          `path "${userPath}" is outside the workspace; use a path relative to the workspace root`,
        ),
      );
    },
  );

  it('refuses an absolute path into a sibling directory', async () => {
    await expect(resolveInWorkspace(ws.root, path.join(ws.outside, 'secret.txt'))).rejects.toThrow(
      /is outside the workspace/,
    );
  });

  it('refuses symlinks of the target or an ancestor that point outside', async () => {
    await fs.symlink(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'link.txt'));
    await fs.symlink(ws.outside, path.join(ws.root, 'src', 'out'));
    for (const userPath of ['link.txt', 'src/out', 'src/out/secret.txt', 'src/out/new/deep.txt']) {
      await expect(resolveInWorkspace(ws.root, userPath)).rejects.toThrow(
        `path "${userPath}" resolves outside the workspace through a symbolic link`,
      );
    }
  });

  it('follows symlinks that stay inside the workspace', async () => {
    await fs.symlink(path.join(ws.root, 'src'), path.join(ws.root, 'alias'));
    const resolved = await resolveInWorkspace(ws.root, 'alias/a.ts');
    expect(resolved.relative).toBe('src/a.ts');
  });

  it('refuses broken symlinks, which could be written through', async () => {
    await fs.symlink(path.join(ws.outside, 'missing.txt'), path.join(ws.root, 'dangling'));
    await expect(resolveInWorkspace(ws.root, 'dangling')).rejects.toThrow(/broken symbolic link/);
  });

  it('names a file used as a directory', async () => {
    await expect(resolveInWorkspace(ws.root, 'src/a.ts/b')).rejects.toThrow(
      /goes through a file as if it were a directory/,
    );
  });
});
