import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { runToolLoop, type ProviderRequest } from '@agent/llm';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { createWorkspaceTools, ToolRegistry } from '@agent/tools';
import { createOutput } from '../src/output';
import { headlessPerson } from '../src/permission-policy';

/** stdout and stderr of one run's output, as text. */
function captured(): { stdout: PassThrough; stderr: PassThrough; text: () => [string, string] } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString('utf8')));
  return { stdout, stderr, text: () => [out.join(''), err.join('')] };
}

/**
 * The headless policy and output over the real tool loop and workspace tools, with a scripted
 * model: what a run prints and what the model is told, without a process or a server.
 */
describe('the headless policy over a real tool loop', () => {
  let workspace: string;
  beforeEach(() => {
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'headless-loop-'));
  });
  afterEach(() => fs.rmSync(workspace, { recursive: true, force: true }));

  async function run(yes: boolean) {
    const provider = new ScriptedProvider<ProviderRequest>([
      reply(
        'Let me write it and check.',
        call('w1', 'write_file', { path: 'notes.txt', content: 'hello\n' }),
        call('s1', 'run_shell', { command: 'cat notes.txt' }),
      ),
      reply('Done.'),
    ]);
    const io = captured();
    const output = createOutput('text', { stdout: io.stdout, stderr: io.stderr });
    const result = await runToolLoop({
      provider,
      registry: new ToolRegistry(createWorkspaceTools()),
      system: '',
      history: [{ role: 'user', text: 'Write notes.txt, then show it.' }],
      workspaceRoot: workspace,
      signal: new AbortController().signal,
      person: headlessPerson({ yes }),
      onEvent: (event) => output.event(event),
    });
    const toolResults = provider.requests[1]!.messages.at(-1);
    return { result, toolResults, printed: io.text() };
  }

  it('runs edits, refuses commands with a reason naming --yes, and prints both', async () => {
    const { result, toolResults, printed } = await run(false);
    expect(result.reason).toBe('done');
    expect(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8')).toBe('hello\n');
    const [stdout, stderr] = printed;
    expect(stdout).toContain('Let me write it and check.');
    expect(stdout).toContain('Done.');
    expect(stderr).toContain('< write_file ok: wrote 1 line to notes.txt');
    expect(stderr).toContain('< run_shell denied: this is a headless run');
    const denied = JSON.stringify(toolResults);
    expect(denied).toContain('this is a headless run');
    expect(denied).toContain('re-run with --yes');
    // The model is told the policy refused, not that a person did.
    expect(denied).toContain('denied, not by a person: it was blocked by the headless policy.');
    expect(denied).not.toContain('The person denied');
  });

  it('runs the command too with --yes, its output going back to the model', async () => {
    const { toolResults, printed } = await run(true);
    expect(JSON.stringify(toolResults)).toContain('hello');
    // No denial telling the model to re-run with --yes (the record says --yes allowed the calls).
    expect(JSON.stringify(toolResults)).not.toContain('re-run with --yes');
    expect(printed[1]).not.toContain('--yes');
  });
});
