import { subagentQuestion } from '@agent/testkit';
import { cliEnv, runCli, sessionEvents } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';

jest.setTimeout(60_000);

type Body = Record<string, any>;

const { questions, delegate, clarify: ask, resume } = subagentQuestion;

/** The content of the tool message answering `id` in `body`. */
function resultOf(body: Body, id: string): string | undefined {
  return body.messages.find((m: Body) => m.role === 'tool' && m.tool_call_id === id)?.content;
}

describe('headless: a subagent asks and the parent answers, with nobody at the keyboard', () => {
  const cli = useCliHarness();

  it('the parent answers from context; the subagent gets the exact answer; jsonl says who asked what', async () => {
    const server = await cli.serve([
      delegate,
      ask,
      resume,
      { text: 'Storage added on SQLite.' },
      { text: 'Done: SQLite, as the prompt says.' },
    ]);
    cli.sandbox.write('prompt.txt', 'Set up the store on SQLite.');
    const result = await runCli(
      ['prompt.txt', '--output', 'jsonl', ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(0);
    const bodies = server.requests.map((r) => r.body as Body);
    expect(bodies).toHaveLength(5);
    expect(bodies[0]!.tools.map((t: Body) => t.function.name)).not.toContain('ask_user');
    expect(JSON.parse(resultOf(bodies[2]!, 'call_task')!)).toEqual({
      status: 'needs_input',
      task_id: 'call_task',
      why: 'The schema depends on it.',
      questions,
    });
    expect(resultOf(bodies[3]!, 'sub_ask')).toBe('{"answers":["SQLite "],"cancelled":false}');
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Body);
    const steps = lines
      .filter((l) => l.type === 'tool_update' && l.update.data?.kind === 'subagent')
      .map((l) => [l.update.data.agent, l.update.data.event, l.update.text]);
    expect(steps).toEqual(
      expect.arrayContaining([
        ['explore', 'asked', 'explore asked: Which database? (PostgreSQL / "SQLite ")'],
        ['explore', 'told', 'explore was told: Which database? → "SQLite "'],
      ]),
    );
  });

  it('a run that ends with the subagent waiting is continued with --continue, its history kept', async () => {
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    const first = await cli.serve([
      delegate,
      ask,
      { text: 'The subagent needs to know: PostgreSQL or SQLite?' },
    ]);
    cli.sandbox.write('p.txt', 'Set up the store.');
    const run1 = await runCli(['p.txt', ...openAIChatArgs(first.url)], env);
    expect(run1.code).toBe(0);
    expect(run1.stderr).toContain('| explore asked: Which database? (PostgreSQL / "SQLite ")');
    const [file] = cli.sandbox.sessionFiles();
    expect(sessionEvents(file!).filter((e) => e.type === 'subagent_task')).toHaveLength(1);

    const second = await cli.serve([
      resume,
      { text: 'Storage added on SQLite.' },
      { text: 'Done.' },
    ]);
    cli.sandbox.write('p.txt', 'SQLite.');
    const run2 = await runCli(['p.txt', ...openAIChatArgs(second.url), '--continue'], env);
    expect(run2.code).toBe(0);
    // The resumed parent still reads the exact questions (the needs_input result is retained).
    expect(JSON.parse(resultOf(second.requests[0]!.body as Body, 'call_task')!)).toEqual({
      status: 'needs_input',
      task_id: 'call_task',
      why: 'The schema depends on it.',
      questions,
    });
    const sub = second.requests[1]!.body as Body;
    expect(sub.messages[1]).toEqual({ role: 'user', content: 'Add a storage layer.' });
    expect(sub.messages[2].tool_calls[0].id).toBe('sub_ask');
    expect(resultOf(sub, 'sub_ask')).toBe('{"answers":["SQLite "],"cancelled":false}');
    expect(resultOf(second.requests[2]!.body as Body, 'call_resume')).toContain(
      'Storage added on SQLite.',
    );
  });
});
