import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { bwrapForTests } from '../../testing/bwrap';
import { makeWorkspace, runTool, type Fixture } from '../__tests__/workspace-fixture';
import { stopShellProcesses } from '../process-groups';
import { runShellTool } from '../run-shell';
import { ShellSandbox } from './shell-sandbox';

const describeSandbox = bwrapForTests() ? describe : describe.skip;

let ws: Fixture;
/** Outside /tmp (which the sandbox replaces), where a planted program would leave its mark. */
let outsideDir: string;
let marker: string;

beforeEach(async () => {
  ws = await makeWorkspace({ 'hello.txt': 'hi\n' });
  outsideDir = await fs.realpath(await fs.mkdtemp('/var/tmp/agent-git-metadata-test-'));
  marker = path.join(outsideDir, 'planted-program-ran');
});

afterEach(async () => {
  await stopShellProcesses(300);
  await ws.cleanup();
  await fs.rm(outsideDir, { recursive: true, force: true });
});

/** The person's own git, outside the sandbox, as they would run it next. */
function personGit(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    [
      '-c',
      'user.name=p',
      '-c',
      'user.email=p@example.com',
      '-c',
      'protocol.file.allow=always',
      ...args,
    ],
    { cwd, stdio: 'pipe', encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
  );
}

async function markerExists(): Promise<boolean> {
  return fs.stat(marker).then(
    () => true,
    () => false,
  );
}

async function repository(at = ws.root): Promise<void> {
  personGit(at, 'init', '-q');
  personGit(at, 'add', '-A');
  personGit(at, 'commit', '-qm', 'first');
}

function sandboxedShell() {
  return runShellTool({
    sandbox: new ShellSandbox({ mode: 'auto', mayLeave: false }),
    killGraceMs: 300,
  });
}

/** A git folder, not named .git, whose config runs the marker program on `git status`. */
const EVIL_GIT_DIR = (mark: string) =>
  `cp -r .git evil && git --git-dir=evil config core.fsmonitor "touch ${mark}"`;

describeSandbox(
  'a sandboxed command cannot plant what the person’s next git runs (real bubblewrap, real git)',
  () => {
    it('cannot rename .git away and put a .git of its own in its place', async () => {
      await repository();
      const result = await runTool(
        sandboxedShell(),
        {
          command: `mv .git .git-old || exit 1; mkdir .git && cp -r .git-old/. .git && git config core.fsmonitor "touch ${marker}"`,
        },
        ws.ctx(),
      );
      expect(result.output).toMatch(/Device or resource busy/);
      personGit(ws.root, 'status');
      expect(await markerExists()).toBe(false);
      await expect(fs.stat(path.join(ws.root, '.git-old'))).rejects.toThrow(/ENOENT/);
    });

    it('cannot write .git/commondir, a submodule’s config under .git/modules, nor make .git/hooks where it was missing', async () => {
      const other = path.join(outsideDir, 'library');
      await fs.mkdir(other);
      await fs.writeFile(path.join(other, 'lib.txt'), 'lib\n');
      await repository(other);
      await repository();
      personGit(ws.root, 'submodule', '-q', 'add', other, 'lib');
      personGit(ws.root, 'commit', '-qm', 'submodule');
      await fs.rm(path.join(ws.root, '.git/hooks'), { recursive: true, force: true });
      const tool = sandboxedShell();
      for (const command of [
        `${EVIL_GIT_DIR(marker)} && echo ../evil > .git/commondir`,
        `git --git-dir=.git/modules/lib config core.fsmonitor "touch ${marker}"`,
        `mkdir -p .git/hooks && printf '#!/bin/sh\\ntouch ${marker}\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit`,
      ]) {
        const result = await runTool(tool, { command }, ws.ctx());
        expect(result.isError).toBe(true);
        expect(result.output).toContain("git's metadata (every .git) and hooks folder");
      }
      personGit(ws.root, 'status');
      await fs.writeFile(path.join(ws.root, 'hello.txt'), 'changed\n');
      personGit(ws.root, 'commit', '-qam', 'second');
      expect(await markerExists()).toBe(false);
    });

    it('a .git file or folder it makes in a subfolder, or at the top of a workspace without one, is set aside after it', async () => {
      const tool = sandboxedShell();
      const made = await runTool(
        tool,
        {
          command: [
            `git init -q && git config core.fsmonitor "touch ${marker}"`,
            `mkdir -p a/b && git -C a/b init -q && git -C a/b config core.fsmonitor "touch ${marker}"`,
            `mkdir sub && ${EVIL_GIT_DIR(marker)} && echo "gitdir: ../evil" > sub/.git`,
            'mkdir -p l && ln -s ../evil l/.git',
            'git -C sub status --short | head -1',
          ].join(' && '),
        },
        ws.ctx(),
      );
      // Inside the sandbox the command did what it asked for; nothing of it ran there or outside.
      expect(made.output).toMatch(/\[exit code 0; ran sandboxed\]/);
      expect(made.output).toContain(
        'The sandbox set aside the git metadata this command made (.git -> .git.blocked-by-sandbox, ',
      );
      expect(await markerExists()).toBe(false);
      for (const folder of ['.', 'a/b', 'sub', 'l']) {
        // Each is either no repository at all or the clean one above it: no planted program runs.
        try {
          personGit(path.join(ws.root, folder), 'status');
        } catch (error) {
          expect(String((error as { stderr?: string }).stderr)).toMatch(/not a git repository/);
        }
      }
      expect(await markerExists()).toBe(false);
      for (const entry of ['.git', 'a/b/.git', 'sub/.git', 'l/.git']) {
        await expect(fs.lstat(path.join(ws.root, entry))).rejects.toThrow(/ENOENT/);
        await fs.lstat(path.join(ws.root, `${entry}.blocked-by-sandbox`));
      }
      // Made again under the same name, it is set aside again, beside the first.
      const again = await runTool(tool, { command: 'mkdir sub/.git' }, ws.ctx());
      expect(again.output).toContain('(sub/.git -> sub/.git.blocked-by-sandbox-2)');
    });

    it('a .git in a subfolder that was there before is read-only whole, its gitdir: target too', async () => {
      await ws.write('vendor/tool/x.txt', 'x\n');
      await repository(path.join(ws.root, 'vendor/tool'));
      await ws.write('wt/readme', '');
      await fs.mkdir(path.join(ws.root, 'store'));
      await fs.cp(path.join(ws.root, 'vendor/tool/.git'), path.join(ws.root, 'store/gitdir'), {
        recursive: true,
      });
      await ws.write('wt/.git', 'gitdir: ../store/gitdir\n');
      const tool = sandboxedShell();
      for (const command of [
        `git -C vendor/tool config core.fsmonitor "touch ${marker}"`,
        'mv vendor/tool/.git vendor/tool/old',
        `git --git-dir=store/gitdir config core.fsmonitor "touch ${marker}"`,
        'echo "gitdir: ../elsewhere" > wt/.git',
      ]) {
        const result = await runTool(tool, { command }, ws.ctx());
        expect(result.isError).toBe(true);
      }
      personGit(path.join(ws.root, 'vendor/tool'), 'status');
      expect(await ws.read('wt/.git')).toBe('gitdir: ../store/gitdir\n');
      expect(await markerExists()).toBe(false);
    });

    it('the hooks folder core.hooksPath names, missing before the command, is set aside when the command makes it', async () => {
      await repository();
      personGit(ws.root, 'config', 'core.hooksPath', '.githooks');
      const result = await runTool(
        sandboxedShell(),
        {
          command: `mkdir .githooks && printf '#!/bin/sh\\ntouch ${marker}\\n' > .githooks/pre-commit && chmod +x .githooks/pre-commit`,
        },
        ws.ctx(),
      );
      expect(result.output).toContain('(.githooks -> .githooks.blocked-by-sandbox)');
      await fs.writeFile(path.join(ws.root, 'hello.txt'), 'changed\n');
      personGit(ws.root, 'commit', '-qam', 'second');
      expect(await markerExists()).toBe(false);
    });
  },
);
