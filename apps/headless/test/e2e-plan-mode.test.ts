import fs from 'node:fs';
import path from 'node:path';
import { SessionWriter } from '@agent/session';
import { cliEnv, runCli } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

const PLAN =
  '# Rename the helper\n\n1. Rename `old()` to `fresh()` in src/util.ts.\n2. Run the tests.';

/** Every file under `dir` (relative paths) with its content. */
function tree(dir: string, base = dir): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(out, tree(full, base));
    else out[path.relative(base, full)] = fs.readFileSync(full, 'utf8');
  }
  return out;
}

describe('headless --mode plan', () => {
  const cli = useCliHarness();

  it('prints the plan and exits 0 without changing a file', async () => {
    cli.sandbox.write('src/util.ts', 'export function old() {}\n');
    cli.sandbox.write('prompt.txt', 'Rename the helper.');
    const before = tree(cli.sandbox.workspace);
    const server = await cli.serve([
      { toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'src/util.ts' } }] },
      // Tools plan mode does not offer fail; nothing is written.
      {
        toolCalls: [
          { id: 'w1', name: 'write_file', arguments: { path: 'src/util.ts', content: 'x' } },
        ],
      },
      { toolCalls: [{ id: 'p1', name: 'present_plan', arguments: { plan: PLAN } }] },
      { text: 'never requested: the run ends with the plan' },
    ]);
    const result = await runCli(
      ['prompt.txt', '--mode', 'plan', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.stderr).toMatch(/< present_plan ok: plan presented; nobody to approve it/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(PLAN);
    expect(server.requests).toHaveLength(3);
    const tools = server.requests[0]!.body.tools.map(
      (t: { function: { name: string } }) => t.function.name,
    );
    expect(tools).toContain('present_plan');
    expect(tools).not.toContain('write_file');
    expect(tree(cli.sandbox.workspace)).toEqual(before);
  });

  it('--continue of a session whose plan card was open (a crash) closes the plan call as interrupted and runs the prompt, as for a questionnaire', async () => {
    const writer = await SessionWriter.create({
      agentHome: cli.sandbox.agentHome,
      cwd: cli.sandbox.workspace,
      provider: 'openai-chat',
      model: 'fake-model',
    });
    writer.recordSettings({ mode: 'plan' });
    writer.recordUser('make a plan');
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: {
        role: 'assistant',
        text: '',
        toolCalls: [
          {
            id: 'p_open',
            name: 'present_plan',
            input: { plan: PLAN },
            status: 'pending',
            summary: '',
          },
        ],
      },
    });
    await writer.close();
    const server = await cli.serve([{ text: 'Hello again.' }]);
    cli.sandbox.write('prompt.txt', 'hello');
    const result = await runCli(
      ['prompt.txt', ...openAIChatArgs(server.url), '--continue'],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Hello again.');
    // Not presented again: no plan printed, no "nobody to approve it" closing, no model call for it.
    expect(result.stdout).not.toContain(PLAN);
    expect(result.stderr).not.toContain('nobody to approve it');
    // Stderr says why the plan is gone and how to leave the mode the session kept.
    expect(result.stderr).toContain(
      'Closed the plan left open when the session ended as interrupted: nobody here answers it. The model is told so and may ask again.',
    );
    expect(result.stderr).toContain(
      'mode: plan (from the resumed session; --mode default leaves it)',
    );
    expect(server.requests).toHaveLength(1);
    const messages: Array<Record<string, any>> = server.requests[0]!.body.messages;
    const paired = messages.find((m) => m.role === 'tool' && m.tool_call_id === 'p_open');
    expect(String(paired?.content)).toMatch(/^interrupted/);
    expect(messages.at(-1)).toMatchObject({ role: 'user', content: 'hello' });
  });

  it('rejects an unknown mode as a usage error', async () => {
    cli.sandbox.write('prompt.txt', 'hi');
    const result = await runCli(['prompt.txt', '--mode', 'yolo'], cliEnv(cli.sandbox));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--mode must be one of default, accept-edits, plan (got "yolo")',
    );
  });
});
