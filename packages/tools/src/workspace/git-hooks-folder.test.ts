import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { processesWith } from '../testing/processes';
import { gitHooksFolder } from './git-hooks-folder';

let top: string;
let repo: string;

beforeEach(async () => {
  top = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'agent-hooks-folder-')));
  repo = path.join(top, 'repo');
  await fs.mkdir(path.join(repo, 'app'), { recursive: true });
  git(repo, 'init', '-q');
});

afterEach(async () => {
  await fs.rm(top, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, stdio: 'pipe' });
}

const never = () => new AbortController().signal;

/** A folder holding a `git` that runs `script`, to put first on PATH. */
async function fakeGit(script: string): Promise<string> {
  const bin = path.join(top, 'bin');
  await fs.mkdir(bin);
  await fs.writeFile(path.join(bin, 'git'), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
  return bin;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('gitHooksFolder (the folder git runs hooks from, asked of git)', () => {
  it('is .git/hooks without core.hooksPath, and where core.hooksPath points with it', async () => {
    expect(await gitHooksFolder(repo, never())).toBe(path.join(repo, '.git/hooks'));
    git(repo, 'config', 'core.hooksPath', '.husky/_');
    expect(await gitHooksFolder(repo, never())).toBe(path.join(repo, '.husky/_'));
    git(repo, 'config', 'core.hooksPath', path.join(top, 'shared-hooks'));
    expect(await gitHooksFolder(repo, never())).toBe(path.join(top, 'shared-hooks'));
  });

  it('takes a relative core.hooksPath from the top of the working tree, not the workspace', async () => {
    git(repo, 'config', 'core.hooksPath', 'githooks');
    expect(await gitHooksFolder(path.join(repo, 'app'), never())).toBe(path.join(repo, 'githooks'));
  });

  it('follows a config file the repository config includes', async () => {
    await fs.writeFile(path.join(repo, 'hooks.gitconfig'), '[core]\n\thooksPath = tools/hooks\n');
    git(repo, 'config', 'include.path', '../hooks.gitconfig');
    expect(await gitHooksFolder(repo, never())).toBe(path.join(repo, 'tools/hooks'));
  });

  it('is undefined outside a repository, without git, and when git fails', async () => {
    const plain = path.join(top, 'plain');
    await fs.mkdir(plain);
    // A folder above that is a repository would answer for it.
    expect(await gitHooksFolder(plain, never())).toBeUndefined();
    expect(await gitHooksFolder(path.join(top, 'missing'), never())).toBeUndefined();
    const noGit = { PATH: path.join(top, 'no-such-bin') };
    expect(await gitHooksFolder(repo, never(), noGit)).toBeUndefined();
    expect(await gitHooksFolder(repo, never())).toBe(path.join(repo, '.git/hooks'));
    await fs.writeFile(path.join(repo, '.git/config'), '[core\nbroken');
    expect(await gitHooksFolder(repo, never())).toBeUndefined();
  });

  it('gives up on a git that does not answer: after its timeout, or at once on abort', async () => {
    const marker = '41.4713';
    const bin = await fakeGit(`exec sleep ${marker}`);
    const slowGit = { PATH: `${bin}:${process.env.PATH}` };
    const startedAt = Date.now();
    expect(await gitHooksFolder(repo, never(), slowGit)).toBeUndefined();
    expect(Date.now() - startedAt).toBeLessThan(6_000);
    const controller = new AbortController();
    const asked = gitHooksFolder(repo, controller.signal, slowGit);
    await until(() => processesWith(marker).length > 0);
    const abortedAt = Date.now();
    controller.abort();
    expect(await asked).toBeUndefined();
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
    await until(() => processesWith(marker).length === 0);
    expect(processesWith(marker)).toEqual([]);
  });
});
