import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { agentEnv, agentText, fakeArgs, promptText, startEditor } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const QUESTIONS = [
  { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
  { question: 'Which API style?', options: ['REST', 'GraphQL'] },
];
const ANSWERS = JSON.stringify({ answers: ['SQLite', 'my typed answer'], cancelled: false });
/** A `sleep` no other process on the machine runs, to find and watch. */
const SLEEP = `sleep 30.${process.pid % 1000}`;

/** Pids of the processes whose command line is exactly `args`. */
function processesRunning(args: string[]): number[] {
  const wanted = `${args.join('\0')}\0`;
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      return fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8') === wanted ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

/** Polls `check` (a process appearing or going) until it holds, for at most `ms`. */
async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The messages of the fake's request `index`, as JSON text. */
function requestText(fake: FakeServer, index: number): string {
  return JSON.stringify((fake.requests[index]!.body as { messages: unknown }).messages);
}

/**
 * One editor session through the built `agent-acp`, driven by the ACP SDK's own client side:
 * streamed text, an approved edit, a questionnaire answered through elicitation, a cancelled
 * command; then the session loaded by a second process, answers intact.
 */
describe('agent-acp with an editor that shows forms', () => {
  const bed = editorBed();

  beforeAll(async () => {
    fs.writeFileSync(path.join(bed.sandbox.workspace, 'notes.txt'), 'before\n');
    bed.fake = await startOpenAIChatServer([
      { text: 'Hello from the fake model' },
      {
        toolCalls: [
          { id: 'w1', name: 'write_file', arguments: { path: 'notes.txt', content: 'after\n' } },
        ],
      },
      { text: 'written' },
      { toolCalls: [{ id: 'q1', name: 'ask_user', arguments: { questions: QUESTIONS } }] },
      { text: 'noted' },
      {
        toolCalls: [
          { id: 's1', name: 'run_shell', arguments: { command: `echo started && ${SLEEP}` } },
        ],
      },
      { text: 'still have your answers' },
    ]);
  });

  it('streams, asks through request_permission and elicitation, cancels, and loads the session again', async () => {
    const { editor, init, sessionId } = await bed.open({
      forms: true,
    });
    expect(init.agentCapabilities).toMatchObject({
      loadSession: true,
      promptCapabilities: { embeddedContext: true },
      mcpCapabilities: { http: true },
    });

    // A prompt whose text streams back.
    expect(await promptText(editor, sessionId, 'hi')).toBe('end_turn');
    expect(agentText(editor.updates)).toBe('Hello from the fake model');
    const tools = (bed.fake.requests[0]!.body as { tools: Array<{ function: { name: string } }> })
      .tools;
    expect(tools.map((tool) => tool.function.name)).toContain('ask_user');

    // An edit: the file changes only after the editor allows it.
    let asked: unknown;
    editor.answers.permission = (params) => {
      asked = params.toolCall;
      expect(fs.readFileSync(path.join(bed.sandbox.workspace, 'notes.txt'), 'utf8')).toBe(
        'before\n',
      );
      expect(params.options.map((option) => option.kind)).toEqual([
        'allow_once',
        'allow_always',
        'allow_always',
        'allow_always',
        'reject_always',
        'reject_once',
      ]);
      return { outcome: { outcome: 'selected', optionId: 'allow-once' } };
    };
    const from = editor.updates.length;
    expect(await promptText(editor, sessionId, 'write it')).toBe('end_turn');
    expect(fs.readFileSync(path.join(bed.sandbox.workspace, 'notes.txt'), 'utf8')).toBe('after\n');
    const notes = path.join(bed.sandbox.workspace, 'notes.txt');
    const diff = { type: 'diff', path: notes, oldText: 'before\n', newText: 'after\n' };
    expect(asked).toMatchObject({ toolCallId: 'w1', kind: 'edit', content: [diff] });
    // Pending while it waited for the editor's answer; allowed, it runs, then it completed.
    const statuses = editor.updates
      .slice(from)
      .flatMap((u) => ('toolCallId' in u && u.toolCallId === 'w1' && u.status ? [u.status] : []));
    expect(statuses).toEqual(['in_progress', 'in_progress', 'completed']);
    expect(editor.updates.slice(from)).toContainEqual(
      expect.objectContaining({
        sessionUpdate: 'tool_call',
        toolCallId: 'w1',
        kind: 'edit',
        locations: [{ path: notes }],
        content: [diff],
      }),
    );
    expect(editor.updates.slice(from)).toContainEqual(
      expect.objectContaining({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'w1',
        status: 'completed',
      }),
    );

    // Two questions through elicitation: one option picked, one answer typed.
    let form: any;
    editor.answers.elicitation = (params) => {
      form = params;
      return {
        action: 'accept',
        content: { q1: 'SQLite', q1_typed: '', q2: 'REST', q2_typed: ' my typed answer ' },
      };
    };
    expect(await promptText(editor, sessionId, 'ask me')).toBe('end_turn');
    expect(form).toMatchObject({ sessionId, toolCallId: 'q1', mode: 'form' });
    expect(form.requestedSchema.properties.q1).toMatchObject({
      type: 'string',
      title: 'Which database?',
      enum: ['PostgreSQL', 'SQLite'],
      default: 'PostgreSQL',
    });
    expect(form.requestedSchema.properties.q2_typed).toMatchObject({ type: 'string' });
    expect(requestText(bed.fake, 4)).toContain(JSON.stringify(ANSWERS));

    // session/cancel while `sleep 30` runs: cancelled within a second, the command gone.
    editor.answers.permission = () => ({
      outcome: { outcome: 'selected', optionId: 'allow-once' },
    });
    const running = promptText(editor, sessionId, 'run it');
    const sleepArgs = SLEEP.split(' ');
    await until(() => processesRunning(sleepArgs).length > 0, 15_000);
    const cancelledAt = Date.now();
    await editor.agent.notify('session/cancel', { sessionId });
    expect(await running).toBe('cancelled');
    expect(Date.now() - cancelledAt).toBeLessThan(1000);
    await until(() => processesRunning(sleepArgs).length === 0, 2000);
    expect(await editor.close()).toBe(0);

    // A new process loads the session: its history replayed, the answers still in the next request.
    const second = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
    await second.agent.request('initialize', {
      protocolVersion: second.acp.PROTOCOL_VERSION,
      clientCapabilities: { elicitation: { form: {} } },
    });
    await second.agent.request('session/load', {
      sessionId,
      cwd: bed.sandbox.workspace,
      mcpServers: [],
    });
    const users = second.updates.flatMap((u) =>
      u.sessionUpdate === 'user_message_chunk' && u.content.type === 'text' ? [u.content.text] : [],
    );
    expect(users).toEqual(['hi', 'write it', 'ask me', 'run it']);
    const summary = second.updates.find(
      (u) => u.sessionUpdate === 'tool_call' && u.toolCallId === 'q1',
    ) as any;
    expect(summary.content[0].content.text).toBe(
      [
        'Questionnaire: 2 answers',
        '- Which database?',
        '  → SQLite',
        '- Which API style?',
        '  → my typed answer (typed)',
      ].join('\n'),
    );
    expect(second.updates).toContainEqual(
      expect.objectContaining({ sessionUpdate: 'tool_call', toolCallId: 's1', status: 'failed' }),
    );
    expect(await promptText(second, sessionId, 'next')).toBe('end_turn');
    expect(bed.fake.requests).toHaveLength(7);
    expect(requestText(bed.fake, 6)).toContain(JSON.stringify(ANSWERS));
    expect(await second.close()).toBe(0);
  });
});
