import fs from 'node:fs';
import { cliEnv, sessionEvents, startCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(30_000);

const cli = useCliHarness();

/**
 * A command that takes a moment (so the reader can go away meanwhile), then an answer that never
 * finishes: a run that did not stop when its output went away would wait on it for ever.
 */
const SCRIPT = [
  {
    text: ['first\n'],
    toolCalls: [{ id: 'sh', name: 'run_shell', arguments: { command: 'sleep 0.5' } }],
  },
  { text: ['second', ' more'], fault: { kind: 'hang' as const, afterEvents: 3 } },
];

function stderrOf(run: ReturnType<typeof startCli>): () => string {
  let seen = '';
  run.child.stderr!.on('data', (chunk: Buffer) => (seen += chunk.toString('utf8')));
  return () => seen;
}

describe('standard output closed by its reader (agent-run … | head -1)', () => {
  it.each([
    ['text', 'first'],
    ['jsonl', '"type":"session"'],
  ])(
    '--output %s: the run stops, the session is closed, no stack trace, exit 141',
    async (format, firstOutput) => {
      const server = await cli.serve(SCRIPT);
      cli.sandbox.write('prompt.txt', 'Go.');
      const run = startCli(
        ['prompt.txt', '--yes', '--output', format, ...openAIChatArgs(server.url)],
        cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
      );
      const stderr = stderrOf(run);
      await run.waitForStdout(firstOutput);
      run.child.stdout!.destroy();
      const result = await run.done;
      expect(stderr()).not.toMatch(/EPIPE|node:events|\n\s+at /);
      expect(result.code).toBe(141);
      const files = cli.sandbox.sessionFiles();
      expect(files.filter((file) => file.endsWith('.lock'))).toEqual([]);
      const [session] = files;
      expect(fs.readFileSync(session!, 'utf8').endsWith('\n')).toBe(true);
      // Every line whole: the file was closed, not cut.
      const events = sessionEvents(session!);
      expect(events[0]!.type).toBe('session_start');
      expect(events.filter((event) => event.type === 'tool_end')).toHaveLength(1);
    },
  );

  it('standard error closed early does not crash the run: its answer still reaches stdout', async () => {
    const server = await cli.serve([SCRIPT[0]!, { text: ['all done'] }]);
    cli.sandbox.write('prompt.txt', 'Go.');
    const run = startCli(
      ['prompt.txt', '--yes', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    await run.waitForStdout('first');
    run.child.stderr!.destroy();
    const result = await run.done;
    expect(result.stdout).toContain('all done');
    expect(result.code).toBe(0);
    expect(cli.sandbox.sessionFiles().filter((file) => file.endsWith('.lock'))).toEqual([]);
  });
});
