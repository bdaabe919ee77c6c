import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bwrapForTests, pathWithout } from '@agent/tools/testing';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

const describeSandbox = bwrapForTests() ? describe : describe.skip;

/** What the model was told of its run_shell call: the tool message of the second request. */
function toolResult(requests: Array<{ body: any }>): string {
  const messages: Array<{ role: string; content: string }> = requests[1]?.body.messages ?? [];
  return messages.find((m) => m.role === 'tool')?.content ?? '';
}

describe('headless sandbox (issue 24)', () => {
  const cli = useCliHarness();
  let outside: string;
  beforeEach(() => {
    // Outside the workspace and outside /tmp, which a sandbox replaces with a private one.
    outside = fs.mkdtempSync('/var/tmp/headless-sandbox-');
  });
  afterEach(() => fs.rmSync(outside, { recursive: true, force: true }));

  async function runWrite(flags: string[], env: Record<string, string> = {}) {
    const target = path.join(outside, 'written.txt');
    const command = `echo in > inside.txt; echo out > ${target}`;
    const server = await cli.serve([
      { toolCalls: [{ id: 'sh', name: 'run_shell', arguments: { command } }] },
      { text: 'Done.' },
    ]);
    cli.sandbox.write('prompt.txt', 'Write both files.');
    const result = await runCli(
      ['prompt.txt', '--yes', ...flags, ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test', ...env }),
    );
    return { result, target, told: toolResult(server.requests) };
  }

  describeSandbox('with bubblewrap', () => {
    it('a command cannot write outside the workspace, even with --yes, and the model is told what was blocked', async () => {
      const { result, target, told } = await runWrite([]);
      expect(result.code).toBe(0);
      expect(cli.sandbox.read('inside.txt')).toBe('in\n');
      expect(fs.existsSync(target)).toBe(false);
      expect(told).toContain('[exit code 1; ran sandboxed]');
      expect(told).toContain(`The sandbox blocked writing ${target}`);
      expect(told).toContain('This run never leaves the sandbox');
      expect(result.stderr).not.toMatch(/bubblewrap/);
    });

    it('a command cannot plant a hook in the folder core.hooksPath names (husky), so the person’s next commit runs none', async () => {
      const git = (...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
          cwd: cli.sandbox.workspace,
          stdio: 'pipe',
        });
      git('init', '-q');
      git('config', 'core.hooksPath', '.husky/_');
      cli.sandbox.write('.husky/_/husky.sh', '');
      const command = `printf '#!/bin/sh\\ntouch pwned\\n' > .husky/_/pre-commit; chmod +x .husky/_/pre-commit; echo kept > notes.txt`;
      const server = await cli.serve([
        { toolCalls: [{ id: 'sh', name: 'run_shell', arguments: { command } }] },
        { text: 'Done.' },
      ]);
      cli.sandbox.write('prompt.txt', 'Add a pre-commit hook.');
      const result = await runCli(
        ['prompt.txt', '--yes', ...openAIChatArgs(server.url)],
        cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
      );
      expect(result.code).toBe(0);
      expect(cli.sandbox.exists('.husky/_/pre-commit')).toBe(false);
      expect(cli.sandbox.read('notes.txt')).toBe('kept\n');
      expect(toolResult(server.requests)).toContain(
        `The sandbox blocked writing ${path.join(cli.sandbox.workspace, '.husky/_/pre-commit')} (git's metadata (every .git) and hooks folder`,
      );
      git('commit', '-q', '--allow-empty', '-m', 'after the run');
      expect(cli.sandbox.exists('pwned')).toBe(false);
    });

    it('--sandbox off runs the command with the person’s rights', async () => {
      const { result, target, told } = await runWrite(['--sandbox', 'off']);
      expect(result.code).toBe(0);
      expect(fs.readFileSync(target, 'utf8')).toBe('out\n');
      expect(told).toMatch(/\[exit code 0\]$/);
    });

    it('config.json "sandbox": "off" does the same, and a bad value is an actionable error', async () => {
      fs.mkdirSync(cli.sandbox.agentHome, { recursive: true });
      fs.writeFileSync(path.join(cli.sandbox.agentHome, 'config.json'), '{"sandbox":"off"}');
      const { target } = await runWrite([]);
      expect(fs.existsSync(target)).toBe(true);
      fs.writeFileSync(path.join(cli.sandbox.agentHome, 'config.json'), '{"sandbox":"maybe"}');
      const bad = await runWrite([]);
      expect(bad.result.code).toBe(2);
      expect(bad.result.stderr).toMatch(
        /config\.json: sandbox: expected "auto" .*"on" .* or "off"/,
      );
    });
  });

  describe('without bubblewrap on PATH', () => {
    it('auto says once how to install it and runs commands unsandboxed', async () => {
      const bin = pathWithout(path.dirname(cli.sandbox.workspace), ['bwrap']);
      const { result, target, told } = await runWrite([], { PATH: bin });
      expect(result.code).toBe(0);
      expect(fs.readFileSync(target, 'utf8')).toBe('out\n');
      expect(told).toMatch(/\[exit code 0\]$/);
      const warnings =
        result.stderr.match(/Sandbox auto: bwrap \(bubblewrap\) is not on PATH/g) ?? [];
      expect(warnings).toHaveLength(1);
      expect(result.stderr).toContain('apt-get install bubblewrap');
    });

    it('--sandbox on refuses commands with an actionable message and runs nothing', async () => {
      const bin = pathWithout(path.dirname(cli.sandbox.workspace), ['bwrap']);
      const { result, target, told } = await runWrite(['--sandbox', 'on'], { PATH: bin });
      expect(result.code).toBe(0);
      expect(fs.existsSync(target)).toBe(false);
      expect(cli.sandbox.exists('inside.txt')).toBe(false);
      expect(told).toMatch(
        /^Not run: the sandbox is on and bwrap \(bubblewrap\) is not on PATH\..*apt-get install bubblewrap.*--sandbox auto or off/,
      );
      expect(result.stderr).toMatch(/Sandbox on: .*commands are refused/);
    });
  });

  it('--help describes the sandbox and --sandbox takes only auto, on or off', async () => {
    const help = await runCli(['--help'], cliEnv(cli.sandbox));
    expect(help.stdout).toMatch(/--sandbox MODE\s+auto \| on \| off/);
    expect(help.stdout).toContain('A headless run never leaves the sandbox');
    const bad = await runCli(['prompt.txt', '--sandbox', 'maybe'], cliEnv(cli.sandbox));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--sandbox must be one of auto, on, off (got "maybe")');
  });
});
