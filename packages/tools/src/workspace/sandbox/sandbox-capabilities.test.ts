import { execFileSync, spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { bwrapForTests } from '../../testing/bwrap';
import { makeWorkspace, runTool, type Fixture } from '../__tests__/workspace-fixture';
import { stopShellProcesses } from '../process-groups';
import { runShellTool } from '../run-shell';
import { bwrapArguments } from './bwrap-command';
import { probeBwrap } from './bwrap-probe';
import { hostSockets } from './host-sockets';
import { ShellSandbox } from './shell-sandbox';

const describeSandbox = bwrapForTests() ? describe : describe.skip;

/** An unprivileged user for the run as an ordinary user, when the tests run as root. */
const NOBODY = 65534;

let ws: Fixture;
/** Outside /tmp (which the sandbox replaces): home with a secret, and a file outside the workspace. */
let outsideDir: string;
let home: string;

beforeEach(async () => {
  ws = await makeWorkspace({ 'hello.txt': 'hi\n' });
  outsideDir = await fs.realpath(await fs.mkdtemp('/var/tmp/agent-caps-test-'));
  home = path.join(outsideDir, 'home');
  await fs.mkdir(path.join(home, '.ssh'), { recursive: true });
  await fs.writeFile(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE-KEY-TEXT\n');
  await fs.writeFile(path.join(outsideDir, 'outside.txt'), 'untouched\n');
});

afterEach(async () => {
  await stopShellProcesses(300);
  await ws.cleanup();
  await fs.rm(outsideDir, { recursive: true, force: true });
});

/** What a command tries to get out of the sandbox with capabilities, one result line each. */
function escapeAttempts(): string {
  const outside = path.join(outsideDir, 'outside.txt');
  return [
    'grep CapEff /proc/self/status',
    `mount -o remount,rw / 2>/dev/null && echo > ${outside} && echo REMOUNTED`,
    `umount ${home}/.ssh 2>/dev/null; cat ${home}/.ssh/id_ed25519 2>/dev/null || echo KEY-HIDDEN`,
    `mount -t tmpfs none ${outsideDir} 2>/dev/null && echo MOUNTED`,
    'unshare -Urm true 2>/dev/null && echo NEW-USER-NAMESPACE',
    'echo done',
  ].join('; ');
}

function expectContained(output: string): void {
  expect(output).toMatch(/^CapEff:\s+0+$/m);
  for (const escaped of ['REMOUNTED', 'PRIVATE-KEY-TEXT', 'MOUNTED', 'NEW-USER-NAMESPACE']) {
    expect(output).not.toContain(escaped);
  }
  expect(output).toContain('KEY-HIDDEN');
  expect(output).toContain('done');
}

describeSandbox('the sandbox keeps no capability (real bubblewrap)', () => {
  it(`run as this test's user (uid ${process.getuid?.()}): no capability, no remount, no umount, no new mount`, async () => {
    const tool = runShellTool({
      sandbox: new ShellSandbox({ mode: 'auto', home, mayLeave: false }),
      killGraceMs: 300,
    });
    const result = await runTool(tool, { command: escapeAttempts() }, ws.ctx());
    expect(result.output).toContain('ran sandboxed');
    expectContained(result.output);
    expect(await fs.readFile(path.join(outsideDir, 'outside.txt'), 'utf8')).toBe('untouched\n');
  });

  it('run as an ordinary user (through setpriv when the tests run as root): the same', async () => {
    const asRoot = process.getuid?.() === 0;
    const setpriv = spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0;
    if (asRoot && !setpriv) {
      throw new Error(
        'Running as root, this test needs setpriv (util-linux) to run bwrap as nobody.',
      );
    }
    if (asRoot) {
      // nobody must reach the workspace, the home and the file outside, as an ordinary owner would.
      const workspace = path.join(outsideDir, 'workspace');
      await fs.mkdir(workspace);
      for (const target of [outsideDir, workspace, home, path.join(home, '.ssh')]) {
        await fs.chown(target, NOBODY, NOBODY);
      }
      await fs.chown(path.join(outsideDir, 'outside.txt'), NOBODY, NOBODY);
      await fs.chown(path.join(home, '.ssh', 'id_ed25519'), NOBODY, NOBODY);
    }
    const workspace = asRoot ? path.join(outsideDir, 'workspace') : ws.root;
    const probe = await probeBwrap(new AbortController().signal);
    expect(probe.available).toBe(true);
    const args = bwrapArguments({
      workspace,
      readOnly: [],
      hidden: [{ path: path.join(home, '.ssh'), directory: true }],
      sockets: hostSockets(process.env, workspace),
      network: false,
      userNamespace: probe.available && probe.userNamespace,
    });
    const prefix = asRoot
      ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', 'bwrap']
      : ['bwrap'];
    const output = execFileSync(
      prefix[0]!,
      [...prefix.slice(1), ...args, 'bash', '-c', `id -u; ${escapeAttempts()}`],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
    );
    expect(output.split('\n')[0]).toBe(String(asRoot ? NOBODY : process.getuid?.()));
    expectContained(output);
    expect(await fs.readFile(path.join(outsideDir, 'outside.txt'), 'utf8')).toBe('untouched\n');
  });
});
