import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

// A full disk and a read-only AGENT_HOME are real file systems here: a tiny tmpfs, mounted
// read-only or filled by the run itself. Mounting needs root (file modes do not stop root).
const isRoot = process.getuid?.() === 0;
const rootOnly = isRoot ? it : it.skip;
if (!isRoot) {
  console.warn('e2e-unsaved-session: skipped, mounting a tmpfs needs root');
}

/** Mounts a 64 KiB tmpfs (read-only with `ro`) on a new directory; unmounted after the test. */
function mountTiny(ro: boolean, mounted: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unsaved-session-'));
  const options = ro ? 'ro,size=64k' : 'size=64k';
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  mounted.push(dir);
  return dir;
}

describe('headless: a session that cannot be saved (issue 26 item 15)', () => {
  const cli = useCliHarness();
  const mounted: string[] = [];
  afterEach(() => {
    for (const dir of mounted.splice(0)) {
      execFileSync('umount', [dir]);
      fs.rmdirSync(dir);
    }
  });

  rootOnly(
    'a read-only AGENT_HOME: one notice, the run answers, no claim it was saved',
    async () => {
      const home = mountTiny(true, mounted);
      cli.sandbox.write('prompt.txt', 'say hi');
      const server = await cli.serve([{ text: 'hi there' }]);
      const run = await runCli(
        ['prompt.txt', ...openAIChatArgs(server.url)],
        cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test', AGENT_HOME: home }),
      );
      expect(run.stdout).toContain('hi there');
      expect(run.code).toBe(0);
      expect(run.stderr.split('the session is not saved').length - 1).toBe(1);
      expect(run.stderr).toContain(`AGENT_HOME ${home} is on a read-only file system (EROFS`);
      expect(run.stderr).not.toContain('free disk space');
      expect(run.stderr).toMatch(/session \S+ was not saved: it cannot be continued/);
      expect(run.stderr).not.toMatch(/saved; continue it/);
    },
  );

  rootOnly(
    'a disk that fills mid-run: one notice, the run goes on, no claim it was saved',
    async () => {
      const disk = mountTiny(false, mounted);
      // The workspace shares the disk: the model's command fills it after the session file was
      // created; the long answer after it (more than the file's page has left) cannot be saved.
      const home = path.join(disk, 'home');
      const workspace = path.join(disk, 'workspace');
      fs.mkdirSync(workspace);
      cli.sandbox.write('prompt.txt', 'fill the disk');
      const command = 'head -c 200000 /dev/zero > fill; seq 1 4000';
      const server = await cli.serve([
        { toolCalls: [{ id: 'sh', name: 'run_shell', arguments: { command } }] },
        { text: `the disk is full now ${'x'.repeat(8000)}` },
      ]);
      const run = await runCli(
        ['prompt.txt', '--yes', '--cwd', workspace, ...openAIChatArgs(server.url)],
        cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test', AGENT_HOME: home }),
      );
      expect(fs.statSync(path.join(workspace, 'fill')).size).toBeLessThan(200000);
      expect(fs.readdirSync(path.join(home, 'sessions')).length).toBeGreaterThan(0);
      expect(run.stdout).toContain('the disk is full now');
      expect(run.code).toBe(0);
      expect(run.stderr.split('the session is not saved').length - 1).toBe(1);
      expect(run.stderr).toContain('ENOSPC');
      expect(run.stderr).toMatch(/session \S+ was not saved: it cannot be continued/);
      expect(run.stderr).not.toMatch(/saved; continue it/);
    },
  );
});
