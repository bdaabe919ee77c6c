import fs from 'node:fs';
import path from 'node:path';
import { contextWindowFor, countTokens } from '@agent/llm';
import { writeLongSession, type RecordedRequest } from '@agent/testkit';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

// A child process run of a few thousand turns on a busy machine: generous.
jest.setTimeout(180_000);

const MODEL = 'gpt-test';
const SESSION = '2026-11-30T00-00-00-b5e5';

/** The packages a run loaded, from its module list (test/support/trace-requires.js). */
function loadedPackages(trace: string): string[] {
  return fs
    .readFileSync(trace, 'utf8')
    .split('\n')
    .map((file) => /node_modules[\\/](?:\.pnpm[\\/])?(@[^\\/@]+[\\/][^\\/@]+|[^\\/@]+)/.exec(file))
    .map((match) => match?.[1])
    .filter((name): name is string => name !== undefined);
}

/** The o200k tokens of one recorded chat request: its messages and tools as sent. */
function requestTokens(request: RecordedRequest): number {
  const body = request.body as { messages?: unknown; tools?: unknown };
  return countTokens(JSON.stringify([body.messages, body.tools ?? []]), 'openai');
}

describe('resuming a long session', () => {
  const cli = useCliHarness();

  function longSession(turns: number): string {
    const dir = path.join(cli.sandbox.agentHome, 'sessions');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${SESSION}.jsonl`);
    writeLongSession(file, { turns, cwd: cli.sandbox.workspace, model: MODEL });
    return file;
  }

  function tracedEnv(): { env: NodeJS.ProcessEnv; trace: string } {
    const trace = path.join(cli.sandbox.agentHome, 'trace.txt');
    const env = cliEnv(cli.sandbox, {
      OPENAI_API_KEY: 'test',
      NODE_OPTIONS: `--require ${path.join(__dirname, 'support', 'trace-requires.js')}`,
      TRACE_REQUIRES_FILE: trace,
    });
    return { env, trace };
  }

  it('a 200-turn session with recorded usage continues without loading the tokenizer', async () => {
    longSession(200);
    const server = await cli.serve([{ text: 'Module 200 is fine.' }]);
    cli.sandbox.write('p.txt', 'And the next module?');
    const { env, trace } = tracedEnv();
    const result = await runCli(['p.txt', ...openAIChatArgs(server.url), '--continue'], env);
    expect(result.stderr).not.toContain('summarising');
    expect(result.stdout).toContain('Module 200 is fine.');
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(loadedPackages(trace)).not.toContain('js-tiktoken');
  });

  it('without recorded usage the same session is counted, with the tokenizer', async () => {
    const file = longSession(200);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const withoutUsage = lines.map((line) => line.replace(/,"usage":\{[^}]*\}/, ''));
    expect(withoutUsage.join('\n')).not.toContain('"usage"');
    fs.writeFileSync(file, withoutUsage.join('\n'));
    const server = await cli.serve([{ text: 'Module 200 is fine.' }]);
    cli.sandbox.write('p.txt', 'And the next module?');
    const { env, trace } = tracedEnv();
    const result = await runCli(['p.txt', ...openAIChatArgs(server.url), '--continue'], env);
    expect(result.stdout).toContain('Module 200 is fine.');
    expect(result.code).toBe(0);
    expect(loadedPackages(trace)).toContain('js-tiktoken');
  });

  it('a session over the window is compacted in requests that fit it before the prompt is sent', async () => {
    longSession(1000);
    // Each summary request and the turn get the same answer.
    const server = await cli.serve(
      Array.from({ length: 40 }, () => ({ text: 'Modules 0 to 999 are fixed.' })),
    );
    cli.sandbox.write('p.txt', 'And the next module?');
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    const result = await runCli(['p.txt', ...openAIChatArgs(server.url), '--continue'], env);
    expect(result.stderr).toContain('summarising the conversation first (1,000 earlier turns)');
    expect(result.code).toBe(0);
    const window = contextWindowFor(MODEL);
    const sizes = server.requests.map(requestTokens);
    expect(sizes.length).toBeGreaterThan(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(window);
    const last = server.requests.at(-1)!.body as { messages: Array<{ content: unknown }> };
    expect(last.messages.at(-1)).toEqual({ role: 'user', content: 'And the next module?' });
    expect(result.stdout).toContain('Modules 0 to 999 are fixed.');
  });
});
