import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive, type FakeServer, type ScriptedTurn } from '@agent/testkit';
import { cliEnv, runCli, type Sandbox } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

/** The `tool` results of request `index`, by call id. */
function toolResults(server: FakeServer, index: number): Record<string, string> {
  const messages: Array<Record<string, any>> = server.requests[index]!.body.messages;
  return Object.fromEntries(
    messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, String(m.content)]),
  );
}

/** The text of the user messages of request `index`. */
function userTexts(server: FakeServer, index: number): string {
  const messages: Array<Record<string, any>> = server.requests[index]!.body.messages;
  return messages
    .filter((m) => m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
}

function writeConfig(sandbox: Sandbox, hooks: unknown): void {
  fs.mkdirSync(sandbox.agentHome, { recursive: true });
  fs.writeFileSync(path.join(sandbox.agentHome, 'config.json'), JSON.stringify({ hooks }));
}

/** A hook that runs `script` (a file written into the agent home) with sh. */
function hookScript(sandbox: Sandbox, name: string, script: string): string {
  fs.mkdirSync(sandbox.agentHome, { recursive: true });
  const file = path.join(sandbox.agentHome, name);
  fs.writeFileSync(file, script);
  return `sh ${JSON.stringify(file)}`;
}

const ONE_COMMAND: ScriptedTurn[] = [
  {
    toolCalls: [
      { id: 'c1', name: 'run_shell', arguments: { command: 'echo ran > ran.txt; echo out' } },
    ],
  },
  { text: 'Done.' },
];

describe('headless hooks (config.json, Claude Code shape)', () => {
  const cli = useCliHarness();

  async function run(script: ScriptedTurn[], args: string[] = []) {
    const server = await cli.serve(script);
    cli.sandbox.write('prompt.txt', 'Do the thing.');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), '--sandbox', 'off', ...args],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    return { result, server };
  }

  it('a PreToolUse hook (matcher Bash) blocks run_shell with exit 2; its reason reaches the model', async () => {
    const seen = path.join(cli.sandbox.agentHome, 'pre.json');
    const command = hookScript(
      cli.sandbox,
      'pre.sh',
      `cat > ${JSON.stringify(seen)}\necho "no shell commands on Fridays" >&2\nexit 2\n`,
    );
    writeConfig(cli.sandbox, {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command, timeout: 30 }] }],
    });
    const { result, server } = await run(ONE_COMMAND, ['--yes']);
    expect(result.code).toBe(0);
    expect(cli.sandbox.exists('ran.txt')).toBe(false);
    expect(toolResults(server, 1).c1).toContain('no shell commands on Fridays');
    expect(toolResults(server, 1).c1).toContain('PreToolUse hook');
    expect(result.stderr).toContain(
      'PreToolUse hook blocked run_shell: no shell commands on Fridays',
    );
    const input = JSON.parse(fs.readFileSync(seen, 'utf8'));
    expect(input).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'run_shell',
      tool_input: { command: 'echo ran > ran.txt; echo out' },
      cwd: cli.sandbox.workspace,
    });
    expect(typeof input.session_id).toBe('string');
  });

  it('a PreToolUse deny (hookSpecificOutput) beats --yes; a JSON allow never opens the sandbox', async () => {
    const command = hookScript(
      cli.sandbox,
      'deny.sh',
      `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"use the build script"}}'\n`,
    );
    writeConfig(cli.sandbox, {
      PreToolUse: [{ matcher: 'run_shell|write_file', hooks: [{ type: 'command', command }] }],
    });
    const { server } = await run(ONE_COMMAND, ['--yes']);
    expect(cli.sandbox.exists('ran.txt')).toBe(false);
    expect(toolResults(server, 1).c1).toContain('use the build script');
  });

  it('a PreToolUse allow runs a command the headless policy would refuse', async () => {
    const command = hookScript(
      cli.sandbox,
      'allow.sh',
      `echo '{"hookSpecificOutput":{"permissionDecision":"allow"}}'\n`,
    );
    writeConfig(cli.sandbox, {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }],
    });
    const { result } = await run(ONE_COMMAND);
    expect(result.code).toBe(0);
    expect(cli.sandbox.exists('ran.txt')).toBe(true);
    expect(result.stderr).toContain('PreToolUse hook allowed run_shell');
  });

  it('a PostToolUse hook sees the exact output the model gets, and can add to it', async () => {
    const seen = path.join(cli.sandbox.agentHome, 'post.json');
    const command = hookScript(
      cli.sandbox,
      'post.sh',
      `cat > ${JSON.stringify(seen)}\necho '{"hookSpecificOutput":{"additionalContext":"lint: 0 problems"}}'\n`,
    );
    writeConfig(cli.sandbox, {
      PostToolUse: [{ matcher: 'run_shell', hooks: [{ type: 'command', command }] }],
    });
    const { server } = await run(ONE_COMMAND, ['--yes']);
    const input = JSON.parse(fs.readFileSync(seen, 'utf8'));
    expect(input.hook_event_name).toBe('PostToolUse');
    expect(input.tool_response.output).toContain('out');
    expect(toolResults(server, 1).c1).toBe(`${input.tool_response.output}\n\nlint: 0 problems`);
  });

  it('a UserPromptSubmit hook adds context to the request; one that blocks stops the prompt', async () => {
    const command = hookScript(
      cli.sandbox,
      'prompt.sh',
      `echo "Context from the hook: ticket ABC-123"\n`,
    );
    writeConfig(cli.sandbox, { UserPromptSubmit: [{ hooks: [{ type: 'command', command }] }] });
    const { server } = await run([{ text: 'Done.' }]);
    expect(userTexts(server, 0)).toContain('Do the thing.');
    expect(userTexts(server, 0)).toContain('Context from the hook: ticket ABC-123');

    const blocking = hookScript(
      cli.sandbox,
      'block.sh',
      `echo "no secrets in prompts" >&2\nexit 2\n`,
    );
    writeConfig(cli.sandbox, {
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: blocking }] }],
    });
    const blocked = await run([{ text: 'Done.' }]);
    expect(blocked.result.code).toBe(1);
    expect(blocked.result.stderr).toContain('no secrets in prompts');
    expect(blocked.server.requests).toHaveLength(0);
  });

  it('kills a hook that never exits at its timeout (its process group too), and goes on', async () => {
    const pidFile = path.join(cli.sandbox.agentHome, 'hung.pid');
    const command = hookScript(
      cli.sandbox,
      'hang.sh',
      `sleep 1000 &\necho $! > ${JSON.stringify(pidFile)}\nwait\n`,
    );
    writeConfig(cli.sandbox, {
      PreToolUse: [{ matcher: 'run_shell', hooks: [{ type: 'command', command, timeout: 1 }] }],
    });
    const { result, server } = await run(ONE_COMMAND, ['--yes']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('timed out after 1 s');
    // A failed hook is shown, never obeyed: the command ran.
    expect(cli.sandbox.exists('ran.txt')).toBe(true);
    expect(server.requests).toHaveLength(2);
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    // Killed with its group; a zombie that this machine's init never reaps counts as gone.
    expect(isAlive(pid)).toBe(false);
  });

  it('a hook that floods stdout cannot stall the agent', async () => {
    // One floods and exits; one floods until its timeout.
    const burst = hookScript(cli.sandbox, 'burst.sh', `head -c 20000000 /dev/zero | tr '\\0' x\n`);
    const endless = hookScript(cli.sandbox, 'endless.sh', `yes flood\n`);
    writeConfig(cli.sandbox, {
      PreToolUse: [{ hooks: [{ type: 'command', command: burst }] }],
      PostToolUse: [{ hooks: [{ type: 'command', command: endless, timeout: 1 }] }],
    });
    const { result, server } = await run(ONE_COMMAND, ['--yes']);
    expect(result.code).toBe(0);
    expect(cli.sandbox.exists('ran.txt')).toBe(true);
    expect(result.stderr).toContain('timed out after 1 s');
    expect(toolResults(server, 1).c1.length).toBeLessThan(1000);
  });

  it('a SessionStart hook adds context before the first prompt; a Stop hook keeps the turn going once', async () => {
    const stopSeen = path.join(cli.sandbox.agentHome, 'stop.jsonl');
    const sessionStart = hookScript(
      cli.sandbox,
      'start.sh',
      'cat > /dev/null\necho "The release branch is frozen until Monday."\n',
    );
    // Blocks the first stop (the model is told why), lets the second one through.
    const stop = hookScript(
      cli.sandbox,
      'stop.sh',
      `input=$(cat)\necho "$input" >> ${JSON.stringify(stopSeen)}\n` +
        'case "$input" in *\'"stop_hook_active":true\'*) exit 0;; esac\n' +
        'echo "Run the tests before you stop." >&2\nexit 2\n',
    );
    writeConfig(cli.sandbox, {
      SessionStart: [{ hooks: [{ type: 'command', command: sessionStart }] }],
      Stop: [{ hooks: [{ type: 'command', command: stop }] }],
    });
    const { result, server } = await run([{ text: 'Stopping.' }, { text: 'Tests pass.' }]);
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(userTexts(server, 0)).toContain('The release branch is frozen until Monday.');
    expect(userTexts(server, 1)).toContain('Run the tests before you stop.');
    expect(result.stderr).toContain('SessionStart hook added context');
    expect(result.stderr).toContain(
      'Stop hook kept the turn going: Run the tests before you stop.',
    );
    const stops = fs
      .readFileSync(stopSeen, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(stops.map((input) => [input.hook_event_name, input.stop_hook_active])).toEqual([
      ['Stop', false],
      ['Stop', true],
    ]);
  });

  it("does not run an unapproved workspace's hooks; approved as it is, they run; changed, not again", async () => {
    const marker = path.join(cli.sandbox.agentHome, 'workspace-hook-ran');
    const settings = JSON.stringify({
      hooks: {
        PreToolUse: [{ hooks: [{ type: 'command', command: `touch ${JSON.stringify(marker)}` }] }],
      },
    });
    const file = cli.sandbox.write('.agent/settings.json', settings);
    const first = await run(ONE_COMMAND, ['--yes']);
    expect(first.result.code).toBe(0);
    expect(fs.existsSync(marker)).toBe(false);
    expect(first.result.stderr).toContain('hook(s) in');
    expect(first.result.stderr).toContain('/hooks approve');

    approve(cli.sandbox, file);
    await run(ONE_COMMAND, ['--yes']);
    expect(fs.existsSync(marker)).toBe(true);

    fs.rmSync(marker);
    fs.writeFileSync(file, settings.replace('touch', 'touch '));
    await run(ONE_COMMAND, ['--yes']);
    expect(fs.existsSync(marker)).toBe(false);
  });
});

/** What `/hooks approve` records: the file's digest in approved-settings.json. */
function approve(sandbox: Sandbox, file: string): void {
  const digest = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  fs.writeFileSync(
    path.join(sandbox.agentHome, 'approved-settings.json'),
    JSON.stringify({ [fs.realpathSync(file)]: digest }),
  );
}
