import fs from 'node:fs';
import path from 'node:path';
import { cliEnv, MAIN, runCli, sessionEvents, startCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

describe('headless command line', () => {
  const cli = useCliHarness();

  it('prints --version and --help and exits 0', async () => {
    const version = await runCli(['--version'], cliEnv(cli.sandbox));
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const help = await runCli(['--', '--help'], cliEnv(cli.sandbox));
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: agent-run');
    expect(help.stdout).toContain('--yes');
  });

  it('--version and --help load no SDK, schema library or agent code', async () => {
    const trace = path.join(cli.sandbox.agentHome, 'trace.txt');
    fs.mkdirSync(cli.sandbox.agentHome, { recursive: true });
    const env = cliEnv(cli.sandbox, {
      NODE_OPTIONS: `--require ${path.join(__dirname, 'support', 'trace-requires.js')}`,
      TRACE_REQUIRES_FILE: trace,
    });
    for (const flag of ['--version', '--help']) {
      const result = await runCli([flag], env);
      expect(result.code).toBe(0);
      const loaded = fs.readFileSync(trace, 'utf8').split('\n');
      expect(loaded).toContain(fs.realpathSync(MAIN));
      expect(loaded.filter((file) => /node_modules|[\\/]packages[\\/]/.test(file))).toEqual([]);
    }
  });

  it('a one-turn answer loads no schema library, tokenizer or tool-only dependency', async () => {
    const server = await cli.serve([{ text: 'Hello there.' }]);
    cli.sandbox.write('p.txt', 'Say hello.');
    const trace = path.join(cli.sandbox.agentHome, 'trace.txt');
    fs.mkdirSync(cli.sandbox.agentHome, { recursive: true });
    const env = cliEnv(cli.sandbox, {
      OPENAI_API_KEY: 'test',
      NODE_OPTIONS: `--require ${path.join(__dirname, 'support', 'trace-requires.js')}`,
      TRACE_REQUIRES_FILE: trace,
    });
    const result = await runCli(['p.txt', ...openAIChatArgs(server.url)], env);
    expect(result.stdout).toContain('Hello there.');
    expect(result.stderr).not.toMatch(/unrecognized flag/);
    expect(result.code).toBe(0);
    const loaded = fs.readFileSync(trace, 'utf8').split('\n');
    // Our packages and the openai SDK are inside the bundle: none of their files is loaded.
    expect(loaded).toContain(fs.realpathSync(MAIN));
    expect(loaded.filter((file) => /[\\/]packages[\\/]/.test(file))).toEqual([]);
    const packages = loaded
      .map(
        (file) =>
          /node_modules[\\/](?:\.pnpm[\\/])?(@[^\\/@]+[\\/][^\\/@]+|[^\\/@]+)/.exec(file)?.[1],
      )
      .filter((name): name is string => name !== undefined);
    for (const heavy of ['openai', 'zod', 'js-tiktoken', 'diff', 'tinyglobby', 'ignore', 'yaml']) {
      expect(packages).not.toContain(heavy);
    }
  });

  it.each([
    [[], /missing the prompt/],
    [['-p', ' '], /--prompt needs a value/],
    [['p.txt', '--bogus'], /--bogus/],
    [['p.txt', '--output', 'yaml'], /--output must be one of text, json, jsonl/],
    [['missing.txt'], /cannot read the prompt file .*missing\.txt: no such file/],
    [['p.txt', '--cwd', 'no/such/dir'], /workspace directory .* does not exist/],
    [['p.txt', '--resume', 'nosuchsession'], /--resume: no session matches "nosuchsession"/],
    [['p.txt', '--provider', 'carrier-pigeon'], /carrier-pigeon/],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    cli.sandbox.write('p.txt', 'hello');
    const result = await runCli(args as string[], cliEnv(cli.sandbox));
    expect(result.stderr).toMatch(message as RegExp);
    expect(result.stderr).toContain('--help');
    expect(result.code).toBe(2);
    expect(cli.sandbox.sessionFiles()).toEqual([]);
  });

  it('runs a prompt given as text: agent-run "PROMPT" and agent-run -p "PROMPT"', async () => {
    const server = await cli.serve([{ text: 'Fixed one.' }, { text: 'Fixed two.' }]);
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    const one = await runCli(['fix the failing test', ...openAIChatArgs(server.url)], env);
    expect(one.stdout).toContain('Fixed one.');
    expect(one.code).toBe(0);
    const two = await runCli(['-p', 'fix-it', ...openAIChatArgs(server.url)], env);
    expect(two.stdout).toContain('Fixed two.');
    expect(two.code).toBe(0);
    const users = server.requests.map((request) =>
      JSON.stringify(request.body.messages.filter((m: { role: string }) => m.role === 'user')),
    );
    expect(users[0]).toContain('fix the failing test');
    expect(users[1]).toContain('fix-it');
    // A word that names no file stays a missing file, with the way to send it as text.
    const missing = await runCli(['fixit', ...openAIChatArgs(server.url)], env);
    expect(missing.stderr).toMatch(
      /cannot read the prompt file .*fixit: no such file \(to give the prompt itself: -p/,
    );
    expect(missing.code).toBe(2);
  });

  it('runs the demo provider offline with no credentials', async () => {
    cli.sandbox.write('notes.md', '# Notes\n');
    const result = await runCli(['-', '--output', 'json'], cliEnv(cli.sandbox), 'What is here?');
    expect(result.stderr).not.toMatch(/^error/m);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.reason).toBe('done');
    expect(report.text.length).toBeGreaterThan(0);
    expect(cli.sandbox.sessionFiles()).toHaveLength(1);
    expect(sessionEvents(cli.sandbox.sessionFiles()[0]!)[0]).toMatchObject({
      type: 'session_start',
      provider: 'demo',
      cwd: cli.sandbox.workspace,
    });
  });

  it('--output json prints one object with text, messages, reason, usage and sessionId', async () => {
    const server = await cli.serve([
      { text: 'Four.', usage: { inputTokens: 12, outputTokens: 2 } },
    ]);
    cli.sandbox.write('p.txt', 'What is 2+2?');
    const userDir = path.dirname(cli.sandbox.workspace);
    const result = await runCli(
      ['workspace/p.txt', '--cwd', 'workspace', ...openAIChatArgs(server.url), '--output', 'json'],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test', AGENT_LAUNCH_DIR: userDir }),
    );
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const report = JSON.parse(result.stdout);
    expect(report).toEqual({
      text: 'Four.',
      messages: [expect.objectContaining({ role: 'assistant', text: 'Four.', toolCalls: [] })],
      reason: 'done',
      usage: {
        inputTokens: 12,
        outputTokens: 2,
        cachedTokens: 0,
        models: [
          {
            provider: 'openai-chat',
            model: 'gpt-test',
            responses: 1,
            inputTokens: 12,
            outputTokens: 2,
            cachedTokens: 0,
          },
        ],
        total: { inputTokens: 12, outputTokens: 2, cachedTokens: 0, unpriced: ['gpt-test'] },
      },
      sessionId: expect.any(String),
      saved: true,
    });
    expect(cli.sandbox.sessionFiles()[0]).toContain(report.sessionId);
    expect(sessionEvents(cli.sandbox.sessionFiles()[0]!)[0]!.cwd).toBe(cli.sandbox.workspace);
    expect(server.requests[0]!.body.messages[0].content).toContain(cli.sandbox.workspace);
  });

  it('--output jsonl prints every loop event as a JSON line', async () => {
    cli.sandbox.write('a.txt', 'alpha\n');
    const server = await cli.serve([
      { toolCalls: [{ id: 'r', name: 'read_file', arguments: { path: 'a.txt' } }] },
      { text: 'It says alpha.' },
    ]);
    cli.sandbox.write('p.txt', 'Read a.txt');
    const result = await runCli(
      ['p.txt', ...openAIChatArgs(server.url), '--output', 'jsonl'],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const types = lines.map((line) => line.type);
    expect(types[0]).toBe('session');
    expect(types).toEqual(
      expect.arrayContaining(['assistant_message', 'tool_start', 'tool_end', 'text_delta']),
    );
    expect(types.slice(-2)).toEqual(['turn_end', 'result']);
    const end = lines.find((line) => line.type === 'tool_end');
    expect(end.activity).toMatchObject({ id: 'r', name: 'read_file', status: 'ok' });
  });

  it('takes the provider and model from AGENT_PROVIDER and AGENT_MODEL; --tool-history off drops raw output', async () => {
    cli.sandbox.write('a.txt', 'alpha\n');
    const server = await cli.serve([
      { toolCalls: [{ id: 'r', name: 'read_file', arguments: { path: 'a.txt' } }] },
      { text: 'Read it.' },
      { toolCalls: [{ id: 'r2', name: 'read_file', arguments: { path: 'a.txt' } }] },
      { text: 'Read it again.' },
    ]);
    cli.sandbox.write('p.txt', 'Read a.txt');
    const env = cliEnv(cli.sandbox, {
      OPENAI_API_KEY: 'test',
      AGENT_PROVIDER: 'openai-chat',
      AGENT_MODEL: 'model-from-env',
    });
    const base = ['p.txt', '--base-url', `${server.url}/v1`, '--output', 'json'];
    const full = JSON.parse((await runCli(base, env)).stdout);
    expect(server.requests[0]!.body.model).toBe('model-from-env');
    expect(full.messages[0].toolCalls[0]).toMatchObject({ id: 'r', status: 'ok' });
    expect(full.messages[0].toolCalls[0].output).toContain('alpha');

    const off = JSON.parse((await runCli([...base, '--tool-history', 'off'], env)).stdout);
    expect(off.messages[0].toolCalls[0]).toMatchObject({ id: 'r2', status: 'ok' });
    expect(off.messages[0].toolCalls[0].output).toBeUndefined();
    expect(off.messages[0].toolCalls[0].summary).toBeTruthy();
  });

  it('--resume and --continue carry the earlier history into the next request', async () => {
    const server = await cli.serve([
      { toolCalls: [{ id: 'first_call', name: 'list_files', arguments: {} }] },
      { text: 'The codeword is heron.' },
      { text: 'You asked about the codeword; it was heron.' },
      { text: 'Still heron.' },
    ]);
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    cli.sandbox.write('one.txt', 'Pick a codeword.');
    const first = await runCli(['one.txt', ...openAIChatArgs(server.url), '--output', 'json'], env);
    expect(first.code).toBe(0);
    const { sessionId } = JSON.parse(first.stdout);

    cli.sandbox.write('two.txt', 'What was it?');
    const second = await runCli(
      ['two.txt', ...openAIChatArgs(server.url), '--resume', sessionId],
      env,
    );
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('it was heron');
    const messages: Array<Record<string, any>> = server.requests[2]!.body.messages;
    const conversation = messages.filter((m) => m.role !== 'system');
    expect(conversation[0]).toEqual({ role: 'user', content: 'Pick a codeword.' });
    expect(conversation.find((m) => m.role === 'tool')?.tool_call_id).toBe('first_call');
    expect(conversation.some((m) => m.role === 'assistant' && /heron/.test(m.content))).toBe(true);
    expect(conversation.at(-1)).toEqual({ role: 'user', content: 'What was it?' });

    cli.sandbox.write('three.txt', 'And now?');
    const third = await runCli(['three.txt', ...openAIChatArgs(server.url), '--continue'], env);
    expect(third.code).toBe(0);
    const continued = server.requests[3]!.body.messages.filter((m: any) => m.role === 'user');
    expect(continued.map((m: any) => m.content)).toEqual([
      'Pick a codeword.',
      'What was it?',
      'And now?',
    ]);
    expect(cli.sandbox.sessionFiles()).toHaveLength(1);
    const users = sessionEvents(cli.sandbox.sessionFiles()[0]!).filter((e) => e.type === 'user');
    expect(users).toHaveLength(3);
  });

  it('compacts a resumed conversation first when it fills the configured window fraction', async () => {
    const server = await cli.serve([
      { text: 'The codeword is heron.' },
      { text: 'The person picked the codeword heron.' },
      { text: 'It was heron.' },
    ]);
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    cli.sandbox.write('one.txt', 'Pick a codeword.');
    const first = await runCli(['one.txt', ...openAIChatArgs(server.url), '--output', 'json'], env);
    expect(first.code).toBe(0);
    expect(server.requests).toHaveLength(1);

    fs.writeFileSync(path.join(cli.sandbox.agentHome, 'config.json'), '{"autoCompact": 0.0001}');
    cli.sandbox.write('two.txt', 'What was it?');
    const second = await runCli(['two.txt', ...openAIChatArgs(server.url), '--continue'], env);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('Compacted 2 messages into a summary.');
    const compaction = server.requests[1]!.body.messages;
    expect(compaction[0].content).toContain('working summary');
    expect(JSON.stringify(compaction)).toContain('Pick a codeword.');
    const next = server.requests[2]!.body.messages.filter((m: any) => m.role !== 'system');
    expect(JSON.stringify(next)).not.toContain('Pick a codeword.');
    expect(JSON.stringify(next)).toContain('The person picked the codeword heron.');
    expect(next.at(-1)).toEqual({ role: 'user', content: 'What was it?' });
    const events = sessionEvents(cli.sandbox.sessionFiles()[0]!).map((e) => e.type);
    expect(events.slice(-3)).toEqual(['checkpoint', 'user', 'assistant']);
  });

  it('SIGTERM while compacting before a prompt keeps the prompt in the session', async () => {
    const server = await cli.serve([
      { text: 'The codeword is heron.' },
      { text: ['The person picked'], fault: { kind: 'hang', afterEvents: 1 } },
    ]);
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    cli.sandbox.write('one.txt', 'Pick a codeword.');
    expect((await runCli(['one.txt', ...openAIChatArgs(server.url)], env)).code).toBe(0);
    fs.writeFileSync(path.join(cli.sandbox.agentHome, 'config.json'), '{"autoCompact": 0.0001}');
    cli.sandbox.write('two.txt', 'What was it?');
    const run = startCli(['two.txt', ...openAIChatArgs(server.url), '--continue'], env);
    await run.waitForStderr('summarising the conversation first');
    run.child.kill('SIGTERM');
    const result = await run.done;
    expect(result.code).toBe(130);
    const events = sessionEvents(cli.sandbox.sessionFiles()[0]!);
    expect(events.filter((e) => e.type === 'user').map((e) => e.text)).toEqual([
      'Pick a codeword.',
      'What was it?',
    ]);
    expect(events.some((e) => e.type === 'checkpoint')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'interrupted' });
  });

  it('a resumed session keeps its provider unless a flag or AGENT_PROVIDER names another', async () => {
    cli.sandbox.write('p.txt', 'hello');
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    const first = await runCli(['p.txt', '--provider', 'demo', '--output', 'json'], env);
    expect(first.code).toBe(0);
    const { sessionId } = JSON.parse(first.stdout);
    const resumed = await runCli(['p.txt', '--resume', sessionId, '--output', 'jsonl'], env);
    expect(resumed.code).toBe(0);
    const session = JSON.parse(resumed.stdout.split('\n')[0]!);
    expect(session).toMatchObject({ type: 'session', sessionId, provider: 'demo', resumed: true });
    const none = await runCli(['p.txt', '--continue', '--cwd', '..', '--output', 'jsonl'], {
      ...env,
      AGENT_PROVIDER: 'demo',
    });
    expect(none.stderr).toContain('--continue: no saved session for this workspace');
    expect(JSON.parse(none.stdout.split('\n')[0]!)).toMatchObject({ resumed: false });
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s mid-stream aborts the run, saves the session and exits 130',
    async (signal) => {
      const server = await cli.serve([
        { text: ['Working on it', ' and more'], fault: { kind: 'hang', afterEvents: 2 } },
      ]);
      cli.sandbox.write('p.txt', 'Take your time.');
      const run = startCli(
        ['p.txt', ...openAIChatArgs(server.url)],
        cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
      );
      await run.waitForStdout('Working on it');
      run.child.kill(signal);
      const result = await run.done;
      expect(result.code).toBe(130);
      expect(result.stderr).toMatch(/interrupted/);
      const [file] = cli.sandbox.sessionFiles();
      const events = sessionEvents(file!);
      expect(events.find((e) => e.type === 'user')?.text).toBe('Take your time.');
      expect(events.find((e) => e.type === 'assistant')?.message.text).toBe('Working on it');
    },
  );

  it('refuses a provider without credentials before writing a session file', async () => {
    cli.sandbox.write('p.txt', 'hello');
    const run = await runCli(['p.txt', '--provider', 'anthropic'], cliEnv(cli.sandbox));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('anthropic needs credentials: ANTHROPIC_API_KEY');
    // The library's "the `provider` option", in the runner's flag terms.
    expect(run.stderr).toContain('choose another provider with --provider.');
    expect(run.stderr).not.toContain('`provider` option');
    expect(cli.sandbox.sessionFiles()).toEqual([]);
  });

  it('names the flag an unknown provider came from', async () => {
    cli.sandbox.write('p.txt', 'hello');
    const run = await runCli(['p.txt', '--provider', 'nope'], cliEnv(cli.sandbox));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown provider "nope" (from --provider)');
  });
});
