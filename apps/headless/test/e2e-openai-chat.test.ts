import type { FakeServer, ScriptedTurn } from '@agent/testkit';
import { cliEnv, runCli, sessionEvents } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

/** The `tool` messages of a recorded Chat Completions request, by call id. */
function toolResults(server: FakeServer, requestIndex: number): Record<string, string> {
  const messages: Array<Record<string, any>> = server.requests[requestIndex]!.body.messages;
  return Object.fromEntries(
    messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, String(m.content)]),
  );
}

jest.setTimeout(60_000);

describe('headless against an OpenAI Chat Completions server', () => {
  const cli = useCliHarness();

  async function run(script: ScriptedTurn[], args: string[], prompt = 'Fix the greeting.') {
    const server = await cli.serve(script);
    cli.sandbox.write('prompt.txt', prompt);
    return runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), ...args],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
  }

  it('reads a file, edits it, runs a command with --yes, then answers', async () => {
    cli.sandbox.write('greet.txt', 'hello wrld\n');
    const result = await run(
      [
        {
          text: 'Let me look.',
          toolCalls: [{ id: 'call_read', name: 'read_file', arguments: { path: 'greet.txt' } }],
        },
        {
          toolCalls: [
            {
              id: 'call_edit',
              name: 'edit_file',
              arguments: { path: 'greet.txt', old_string: 'wrld', new_string: 'world' },
            },
          ],
        },
        {
          toolCalls: [
            { id: 'call_sh', name: 'run_shell', arguments: { command: 'cat greet.txt' } },
          ],
        },
        {
          text: 'Fixed the typo: it now says hello world.',
          usage: { inputTokens: 50, outputTokens: 9 },
        },
      ],
      ['--yes'],
    );

    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    expect(cli.sandbox.read('greet.txt')).toBe('hello world\n');
    expect(result.stdout).toContain('Fixed the typo: it now says hello world.');
    expect(result.stdout.startsWith('Let me look.')).toBe(true);
    expect(result.stderr).toMatch(/> read_file/);
    expect(result.stderr).toMatch(/< run_shell ok/);

    expect(cli.server!.requests).toHaveLength(4);
    const first = cli.server!.requests[0]!.body;
    expect(first.model).toBe('gpt-test');
    expect(first.messages.at(-1)).toEqual({ role: 'user', content: 'Fix the greeting.' });
    const tools: string[] = first.tools.map((t: any) => t.function.name);
    expect(tools).toEqual(expect.arrayContaining(['read_file', 'edit_file', 'run_shell']));
    expect(tools).not.toContain('ask_user');

    expect(toolResults(cli.server!, 1)).toEqual({
      call_read: expect.stringContaining('hello wrld'),
    });
    const afterEdit = toolResults(cli.server!, 2);
    expect(Object.keys(afterEdit)).toEqual(['call_read', 'call_edit']);
    expect(afterEdit.call_edit).not.toMatch(/error|denied/i);
    const afterShell = toolResults(cli.server!, 3);
    expect(Object.keys(afterShell)).toEqual(['call_read', 'call_edit', 'call_sh']);
    expect(afterShell.call_sh).toContain('hello world');

    const [file] = cli.sandbox.sessionFiles();
    const types = sessionEvents(file!).map((event) => event.type);
    expect(types[0]).toBe('session_start');
    expect(types).toContain('user');
    expect(types.filter((type) => type === 'assistant')).toHaveLength(4);
    expect(types.filter((type) => type === 'tool_end')).toHaveLength(3);
  });

  it('denies a command without --yes and tells the model how to allow it', async () => {
    const result = await run(
      [
        {
          toolCalls: [
            { id: 'call_sh', name: 'run_shell', arguments: { command: 'touch ran.txt' } },
          ],
        },
        { text: 'I could not run it.' },
      ],
      [],
    );
    expect(result.code).toBe(0);
    expect(cli.sandbox.exists('ran.txt')).toBe(false);
    expect(toolResults(cli.server!, 1).call_sh).toMatch(/denied.*--yes/s);
    expect(result.stderr).toMatch(/< run_shell denied: .*--yes/);
    expect(result.stdout).toContain('I could not run it.');
  });

  it('delegates with task; the subagent gets the same policy and never ask_user', async () => {
    const result = await run(
      [
        {
          toolCalls: [
            {
              id: 'call_task',
              name: 'task',
              arguments: { description: 'run the tests', prompt: 'Run touch sub.txt and report.' },
            },
          ],
        },
        {
          toolCalls: [{ id: 'sub_sh', name: 'run_shell', arguments: { command: 'touch sub.txt' } }],
        },
        { text: 'The subagent could not run commands.' },
        { text: 'Delegation finished.' },
      ],
      [],
    );
    expect(result.code).toBe(0);
    expect(cli.sandbox.exists('sub.txt')).toBe(false);
    const parentTools: string[] = cli.server!.requests[0]!.body.tools.map(
      (t: any) => t.function.name,
    );
    expect(parentTools).toContain('task');
    expect(parentTools).not.toContain('ask_user');
    const subTools: string[] = cli.server!.requests[1]!.body.tools.map((t: any) => t.function.name);
    expect(subTools).not.toContain('ask_user');
    expect(subTools).not.toContain('task');
    expect(toolResults(cli.server!, 2).sub_sh).toMatch(/denied.*--yes/s);
    expect(toolResults(cli.server!, 3).call_task).toContain('The subagent could not run commands.');
    expect(result.stdout).toContain('Delegation finished.');
  });

  it('lets edits inside the workspace run without --yes', async () => {
    const result = await run(
      [
        {
          toolCalls: [
            { id: 'w', name: 'write_file', arguments: { path: 'new/notes.md', content: 'hi\n' } },
          ],
        },
        {
          toolCalls: [
            { id: 'x', name: 'write_file', arguments: { path: '../escape.txt', content: 'no' } },
          ],
        },
        { text: 'Wrote it.' },
      ],
      [],
    );
    expect(result.code).toBe(0);
    expect(cli.sandbox.read('new/notes.md')).toBe('hi\n');
    expect(toolResults(cli.server!, 2).x).toMatch(/outside|workspace/i);
  });

  it('answers malformed arguments and unknown tools with errors paired to their calls', async () => {
    const result = await run(
      [
        {
          toolCalls: [
            { id: 'bad_json', name: 'read_file', arguments: '{"path": "greet.txt"' },
            { id: 'bad_field', name: 'read_file', arguments: { path: 7 } },
            { id: 'nope', name: 'delete_everything', arguments: {} },
          ],
        },
        { text: 'Sorry about that.' },
      ],
      [],
    );
    expect(result.code).toBe(0);
    const results = toolResults(cli.server!, 1);
    expect(Object.keys(results)).toEqual(['bad_json', 'bad_field', 'nope']);
    expect(results.bad_json).toMatch(/not valid JSON/);
    expect(results.bad_field).toMatch(/Invalid arguments for read_file: path/);
    expect(results.nope).toMatch(/Unknown tool "delete_everything".*read_file/);
    expect(result.stdout).toContain('Sorry about that.');
  });

  it('exits 1 when the provider fails, with the reason on stderr', async () => {
    const result = await run([{ fault: { kind: 'status', status: 401, times: 5 } }], []);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/error: .*/);
    expect(result.stdout).toBe('');
  });

  it('stops at --max-iterations and exits 1', async () => {
    const call = { name: 'read_file', arguments: { path: 'prompt.txt' } };
    const result = await run(
      [{ toolCalls: [call] }, { toolCalls: [call] }, { text: 'never reached' }],
      ['--max-iterations', '2'],
    );
    expect(result.code).toBe(1);
    expect(cli.server!.requests).toHaveLength(2);
    expect(result.stderr).toMatch(/iteration limit/);
  });
});
