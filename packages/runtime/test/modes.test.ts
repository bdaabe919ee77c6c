import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer, type RecordedRequest } from '@agent/testkit';
import { ManualPerson, type AnyPersonRequest, type PersonAnswer } from '@agent/tools';
import { Conversation, openSavedSession, unattendedPerson, type AgentMode } from '../src';
import { boxSession, fakeChoice, sessionBox } from './support/session-box';
import { untilWritten } from './support/until-written';

const PLAN_ONE = '# Add a greeting\n\n1. Write `hello.txt`.';
const PLAN_TWO =
  '# Add a greeting\n\n1. Write `hello.txt`.\n2. Handle errors: report a failed write.';

/** The tool names a recorded Chat Completions request offered. */
function offered(request: RecordedRequest): string[] {
  return (request.body.tools ?? []).map(
    (tool: { function: { name: string } }) => tool.function.name,
  );
}

function systemOf(request: RecordedRequest): string {
  return request.body.messages[0].content as string;
}

/** A person who answers each request with the next answer of `answers` for its kind. */
function scriptedPerson(answers: Partial<Record<AnyPersonRequest['kind'], unknown[]>>) {
  const person = new ManualPerson();
  const shown: AnyPersonRequest[] = [];
  person.onShow((request) => {
    shown.push(request);
    const next = answers[request.kind]?.shift();
    if (next !== undefined) {
      setImmediate(() => person.answer(next as PersonAnswer<typeof request.kind>, request.id));
    }
  });
  return { person, shown };
}

describe('AgentSession: modes', () => {
  const box = sessionBox('modes');

  const create = (
    person: ManualPerson,
    mode?: AgentMode,
    resume?: Awaited<ReturnType<typeof openSavedSession>>,
  ) => boxSession(box, { person, ...(mode ? { mode } : {}), ...(resume ? { resume } : {}) });

  it('starts in the mode config.json names unless --mode says otherwise; a bad one is a clear error', async () => {
    box.server = await startOpenAIChatServer([]);
    const config = path.join(box.home, 'config.json');
    fs.writeFileSync(config, JSON.stringify({ mode: 'accept-edits' }));
    const fromConfig = await create(new ManualPerson());
    expect(fromConfig.agentMode).toBe('accept-edits');
    await fromConfig.close();
    const fromFlag = await create(new ManualPerson(), 'plan');
    expect(fromFlag.agentMode).toBe('plan');
    await fromFlag.close();
    fs.writeFileSync(config, JSON.stringify({ mode: 'yolo' }));
    await expect(create(new ManualPerson())).rejects.toThrow(
      /mode.*expected one of default, accept-edits, plan/,
    );
  });

  it('accept-edits runs workspace edits without a card; .mcp.json and commands still ask', async () => {
    box.server = await startOpenAIChatServer([
      {
        toolCalls: [
          { id: 'w1', name: 'write_file', arguments: { path: 'src/a.txt', content: 'a\n' } },
          { id: 'w2', name: 'write_file', arguments: { path: '.mcp.json', content: '{}\n' } },
          { id: 'r1', name: 'run_shell', arguments: { command: 'touch made-by-shell' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const deny = { kind: 'deny' };
    const { person, shown } = scriptedPerson({ approval: [deny, deny] });
    const session = await create(person, 'accept-edits');
    try {
      expect(session.agentMode).toBe('accept-edits');
      expect((await session.runTurn('make the files')).reason).toBe('done');
      expect(fs.readFileSync(path.join(box.workspace, 'src/a.txt'), 'utf8')).toBe('a\n');
      expect(shown.map((r) => r.kind === 'approval' && r.payload.toolName)).toEqual([
        'write_file',
        'run_shell',
      ]);
      const asked = shown[0]!;
      expect(asked.kind === 'approval' && asked.payload.title).toMatch(/\.mcp\.json/);
      expect(fs.existsSync(path.join(box.workspace, '.mcp.json'))).toBe(false);
      expect(fs.existsSync(path.join(box.workspace, 'made-by-shell'))).toBe(false);
    } finally {
      await session.close();
    }
  });

  it('default mode asks for the same edit, and a switch to accept-edits applies to the next call', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: '1' } }] },
      { text: 'Asked.' },
      { toolCalls: [{ id: 'w2', name: 'write_file', arguments: { path: 'b.txt', content: '2' } }] },
      { text: 'Unasked.' },
    ]);
    const { person, shown } = scriptedPerson({ approval: [{ kind: 'allow' }] });
    const session = await create(person);
    try {
      await session.runTurn('write a');
      expect(shown).toHaveLength(1);
      session.setAgentMode('accept-edits');
      expect(box.events).toContainEqual({ type: 'mode', mode: 'accept-edits' });
      await session.runTurn('write b');
      expect(shown).toHaveLength(1);
      expect(fs.readFileSync(path.join(box.workspace, 'b.txt'), 'utf8')).toBe('2');
    } finally {
      await session.close();
    }
  });

  it('plan mode offers reading tools and present_plan; approval switches mode and tools mid-turn, and the plan is kept on resume', async () => {
    box.server = await startOpenAIChatServer([
      // A write the mode does not offer fails as an unknown tool: nothing is written.
      { toolCalls: [{ id: 'w0', name: 'write_file', arguments: { path: 'x.txt', content: 'x' } }] },
      { toolCalls: [{ id: 'p1', name: 'present_plan', arguments: { plan: PLAN_ONE } }] },
      { toolCalls: [{ id: 'p2', name: 'present_plan', arguments: { plan: PLAN_TWO } }] },
      {
        toolCalls: [
          { id: 'w1', name: 'write_file', arguments: { path: 'hello.txt', content: 'hi\n' } },
        ],
      },
      { text: 'Done as planned.' },
      { text: 'Resumed.' },
    ]);
    const { person, shown } = scriptedPerson({
      plan: [
        { decision: 'keep-planning', note: 'also cover errors' },
        { decision: 'approve', mode: 'accept-edits' },
      ],
    });
    const session = await create(person, 'plan');
    let file: string;
    try {
      expect((await session.runTurn('add a greeting')).reason).toBe('done');
      file = session.sessionFile!;
    } finally {
      await session.close();
    }
    const requests = box.server.requests;
    expect(requests).toHaveLength(5);
    const planTools = offered(requests[0]!);
    expect(planTools).toEqual(expect.arrayContaining(['read_file', 'present_plan', 'task']));
    for (const tool of ['write_file', 'edit_file', 'run_shell'])
      expect(planTools).not.toContain(tool);
    expect(systemOf(requests[0]!)).toContain('Plan mode is on');
    expect(JSON.stringify(requests[1]!.body.messages)).toContain(
      'Unknown tool \\"write_file\\". Available tools: read_file',
    );
    expect(fs.existsSync(path.join(box.workspace, 'x.txt'))).toBe(false);
    // The note reaches the model as the result of the first plan.
    expect(JSON.stringify(requests[2]!.body.messages)).toContain('also cover errors');
    // After the approval, the same turn's next request offers the edit tools, not present_plan.
    expect(offered(requests[3]!)).toContain('write_file');
    expect(offered(requests[3]!)).not.toContain('present_plan');
    expect(systemOf(requests[3]!)).not.toContain('Plan mode is on');
    expect(shown.map((r) => r.kind)).toEqual(['plan', 'plan']);
    expect(shown[1]!.kind === 'plan' && shown[1]!.payload.plan).toBe(PLAN_TWO);
    expect(fs.readFileSync(path.join(box.workspace, 'hello.txt'), 'utf8')).toBe('hi\n');
    expect(box.events).toContainEqual({ type: 'mode', mode: 'accept-edits' });

    // Resumed in another process's place, in the mode it was saved in (the approval's): the next
    // request carries both plans and answers.
    const resumed = await create(new ManualPerson(), undefined, await openSavedSession(file));
    try {
      expect(resumed.agentMode).toBe('accept-edits');
      await resumed.runTurn('thanks');
    } finally {
      await resumed.close();
    }
    const sent = JSON.stringify(requests[5]!.body.messages);
    expect(sent).toContain(JSON.stringify(JSON.stringify({ plan: PLAN_TWO })).slice(1, -1));
    expect(sent).toContain('also cover errors');
    expect(sent).toContain('The person approved the plan');
  });

  /** A plan-mode session that went away with its plan card open (as a crash leaves it): its file. */
  async function leftWithPlanOpen(): Promise<string> {
    const left = path.join(box.home, 'left.jsonl');
    const person = new ManualPerson();
    const session = await create(person, 'plan');
    const shown = new Promise<void>((resolve, reject) => {
      person.onShow(() => {
        untilWritten(session.sessionFile!, '"present_plan"')
          .then(() => fs.promises.copyFile(session.sessionFile!, left))
          .then(() => session.interrupt())
          .then(resolve, reject);
      });
    });
    await session.runTurn('add a greeting');
    await shown;
    await session.close();
    return left;
  }

  it('a plan left open is offered again on resume, in the plan mode the session was saved in', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'p1', name: 'present_plan', arguments: { plan: PLAN_ONE } }] },
      {
        toolCalls: [
          { id: 'w1', name: 'write_file', arguments: { path: 'hello.txt', content: 'hi\n' } },
        ],
      },
      { text: 'Done as planned.' },
    ]);
    const left = await leftWithPlanOpen();
    const lines = fs.readFileSync(left, 'utf8');
    expect(lines).toMatch(/"type":"settings",[^\n]*"mode":"plan"/);
    expect(lines).not.toContain('"tool_end"');
    const { person, shown } = scriptedPerson({
      plan: [{ decision: 'approve', mode: 'accept-edits' }],
    });
    const resumed = await create(person, undefined, await openSavedSession(left));
    try {
      expect(resumed.agentMode).toBe('plan');
      expect(resumed.openCalls).toEqual(['p1']);
      expect((await resumed.runTurn(undefined)).reason).toBe('done');
      expect(resumed.agentMode).toBe('accept-edits');
    } finally {
      await resumed.close();
    }
    expect(shown.map((request) => request.kind === 'plan' && request.payload.plan)).toEqual([
      PLAN_ONE,
    ]);
    expect(fs.readFileSync(path.join(box.workspace, 'hello.txt'), 'utf8')).toBe('hi\n');
    expect(fs.readFileSync(left, 'utf8')).toMatch(/"type":"settings",[^\n]*"mode":"accept-edits"/);
  });

  it('resumed with --mode default, a plan left open is closed as interrupted, and the mode recorded', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'p1', name: 'present_plan', arguments: { plan: PLAN_ONE } }] },
      { text: 'Fine, no plan then.' },
    ]);
    const left = await leftWithPlanOpen();
    const { person, shown } = scriptedPerson({});
    const resumed = await create(person, 'default', await openSavedSession(left));
    try {
      expect(resumed.agentMode).toBe('default');
      expect(resumed.openCalls).toEqual([]);
      expect((await resumed.runTurn('just say hi')).reason).toBe('done');
    } finally {
      await resumed.close();
    }
    expect(shown).toEqual([]);
    const tool = (box.server.requests[1]!.body.messages as Array<Record<string, unknown>>).find(
      (message) => message.role === 'tool',
    );
    expect(String(tool?.content)).toMatch(/^interrupted/);
    const reopened = await openSavedSession(left);
    expect(reopened.projection.mode).toBe('default');
  });

  it('where a policy answers plans at once (headless), a plan left open is closed as interrupted and the prompt runs, with no model call for the old turn', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'p1', name: 'present_plan', arguments: { plan: PLAN_ONE } }] },
      { text: 'Hello.' },
    ]);
    const left = await leftWithPlanOpen();
    const printed: string[] = [];
    const policy = unattendedPerson({
      approval: () => ({ choice: 'deny' }),
      plan: (request) => {
        printed.push(request.payload.plan);
        return { decision: 'unanswered', by: 'this test' };
      },
    });
    const conversation = await Conversation.open({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice(box.server.url, box.home),
      mcp: false,
      unattended: policy,
      resume: await openSavedSession(left),
    });
    try {
      expect(conversation.session.agentMode).toBe('plan');
      expect(conversation.session.openCalls).toEqual([]);
      expect(await conversation.submit({ type: 'prompt', text: 'hello' })).toEqual({ ok: true });
      expect((await conversation.turn)?.reason).toBe('done');
    } finally {
      await conversation.close();
    }
    expect(printed).toEqual([]);
    const requests = box.server.requests;
    expect(requests).toHaveLength(2);
    const messages = requests[1]!.body.messages as Array<Record<string, unknown>>;
    const paired = messages.find((m) => m.role === 'tool' && m.tool_call_id === 'p1');
    expect(String(paired?.content)).toMatch(/^interrupted/);
    expect(messages.at(-1)).toMatchObject({ role: 'user', content: 'hello' });
  });

  it('in plan mode a subagent is offered its reading tools alone and changes nothing', async () => {
    box.server = await startOpenAIChatServer([
      {
        toolCalls: [
          { id: 't1', name: 'task', arguments: { description: 'write it', prompt: 'write a.txt' } },
        ],
      },
      { toolCalls: [{ id: 's1', name: 'write_file', arguments: { path: 'a.txt', content: 'a' } }] },
      { text: 'The write was refused.' },
      { toolCalls: [{ id: 'p1', name: 'present_plan', arguments: { plan: '   ' } }] },
      { text: 'Fixed.' },
    ]);
    const { person, shown } = scriptedPerson({});
    const session = await create(person, 'plan');
    try {
      await session.runTurn('plan it');
      expect(shown).toEqual([]);
      expect(fs.existsSync(path.join(box.workspace, 'a.txt'))).toBe(false);
      const subagentTools = offered(box.server.requests[1]!);
      expect(subagentTools).toEqual(expect.arrayContaining(['read_file', 'grep', 'list_files']));
      for (const tool of ['write_file', 'edit_file', 'run_shell'])
        expect(subagentTools).not.toContain(tool);
      const subagentSaw = JSON.stringify(box.server.requests[2]!.body.messages);
      expect(subagentSaw).toContain('Unknown tool \\"write_file\\". Available tools:');
      // An empty plan is an input error the model can correct; no card opened.
      expect(JSON.stringify(box.server.requests[4]!.body.messages)).toContain('must not be empty');
    } finally {
      await session.close();
    }
  });

  it('a decided plan is kept verbatim through compaction, like a questionnaire', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'p1', name: 'present_plan', arguments: { plan: PLAN_ONE } }] },
      { text: 'Approved; starting.' },
      { text: 'Summary: the person wants a greeting.' },
    ]);
    const { person } = scriptedPerson({ plan: [{ decision: 'approve', mode: 'default' }] });
    const session = await create(person, 'plan');
    try {
      await session.runTurn('plan a greeting');
      expect(session.agentMode).toBe('default');
      expect(await session.compact(new AbortController().signal)).toMatchObject({ ok: true });
      const [checkpoint] = session.nextRequest().messages;
      expect(checkpoint).toMatchObject({
        role: 'checkpoint',
        summary: 'Summary: the person wants a greeting.',
        decisions: [
          {
            id: 'p1',
            name: 'present_plan',
            input: { plan: PLAN_ONE },
            output: expect.stringContaining('The person approved the plan'),
            details: { decision: 'approve', mode: 'default' },
          },
        ],
      });
    } finally {
      await session.close();
    }
  });
});
