import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bwrapForTests } from '@agent/tools/testing';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

const describeSandbox = bwrapForTests() ? describe : describe.skip;

/** What the model was told of its run_shell call: the tool message of the second request. */
function toolResult(requests: Array<{ body: any }>): string {
  const messages: Array<{ role: string; content: string }> = requests[1]?.body.messages ?? [];
  return messages.find((m) => m.role === 'tool')?.content ?? '';
}

describeSandbox(
  'headless, --yes: a sandboxed command plants nothing the person’s next git runs (issue 33)',
  () => {
    const cli = useCliHarness();
    let outside: string;
    beforeEach(() => {
      // Outside the workspace and outside /tmp, which a sandbox replaces with a private one.
      outside = fs.realpathSync(fs.mkdtempSync('/var/tmp/headless-sandbox-git-'));
    });
    afterEach(() => fs.rmSync(outside, { recursive: true, force: true }));

    it('renaming .git, commondir, hooks, a gitdir: file and a new .git in a subfolder all fail or are set aside; secrets stay out', async () => {
      const workspace = cli.sandbox.workspace;
      const git = (cwd: string, ...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=p', '-c', 'user.email=p@example.com', ...args], {
          cwd,
          stdio: 'pipe',
          encoding: 'utf8',
        });
      cli.sandbox.write('hello.txt', 'hi\n');
      git(workspace, 'init', '-q');
      git(workspace, 'add', '-A');
      git(workspace, 'commit', '-qm', 'first');
      const marker = path.join(outside, 'planted-program-ran');
      const plant = `touch ${marker}`;
      const command = [
        `mv .git .git-old && mkdir .git && cp -r .git-old/. .git`,
        `cp -r .git evil; git --git-dir=evil config core.fsmonitor "${plant}"; echo ../evil > .git/commondir`,
        `printf '#!/bin/sh\\n${plant}\\n' > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit`,
        `mkdir -p sub && echo "gitdir: ../evil" > sub/.git`,
        `mkdir -p deep/er && git -C deep/er init -q && git -C deep/er config core.fsmonitor "${plant}"`,
        'echo "db=[$DATABASE_URL] pat=[$GH_PAT] mine=[$MY_TOOL_HOME]"',
      ].join('; ');
      const server = await cli.serve([
        { toolCalls: [{ id: 'sh', name: 'run_shell', arguments: { command } }] },
        { text: 'Done.' },
      ]);
      fs.mkdirSync(cli.sandbox.agentHome, { recursive: true });
      fs.writeFileSync(
        path.join(cli.sandbox.agentHome, 'config.json'),
        JSON.stringify({ sandboxAllowEnv: ['MY_TOOL_*'] }),
      );
      cli.sandbox.write('prompt.txt', 'Set up the repositories.');
      const result = await runCli(
        ['prompt.txt', '--yes', ...openAIChatArgs(server.url)],
        cliEnv(cli.sandbox, {
          OPENAI_API_KEY: 'test',
          DATABASE_URL: 'postgres://u:DB-SECRET@db/x',
          GH_PAT: 'GH-SECRET',
          MY_TOOL_HOME: '/opt/my-tool',
        }),
      );
      expect(result.code).toBe(0);
      const told = toolResult(server.requests);
      expect(told).toContain('ran sandboxed');
      expect(told).toContain('Device or resource busy');
      expect(told).toContain('db=[] pat=[] mine=[/opt/my-tool]');
      expect(told).toContain('The sandbox set aside the git metadata this command made');
      expect(told).toContain('sub/.git -> sub/.git.blocked-by-sandbox');
      expect(told).toContain('deep/er/.git -> deep/er/.git.blocked-by-sandbox');

      // The person's own git, outside the sandbox, as they would run it next.
      for (const folder of ['.', 'sub', 'deep/er']) git(path.join(workspace, folder), 'status');
      cli.sandbox.write('hello.txt', 'changed\n');
      git(workspace, 'commit', '-qam', 'second');
      expect(fs.existsSync(marker)).toBe(false);
      expect(git(workspace, 'log', '--format=%s')).toBe('second\nfirst\n');
    });
  },
);
