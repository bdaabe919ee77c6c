import { startOpenAIChatServer } from '@agent/testkit';
import { agentEnv, agentText, fakeArgs, promptText, startEditor } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const QUESTIONS = [
  { question: 'Which database?', options: ['Postgres', 'SQLite'] },
  { question: 'Which API style?', options: ['REST', 'GraphQL'] },
];

/** ASK_USER.md §10, Editors: a questionnaire left pending is offered again on `session/load`. */
describe('agent-acp offers a questionnaire left open again when the session is loaded (issue 36 item 12)', () => {
  const bed = editorBed();

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([
      { toolCalls: [{ id: 'q_open', name: 'ask_user', arguments: { questions: QUESTIONS } }] },
      { text: 'Continuing with SQLite and REST.' },
      { text: 'next done' },
    ]);
  });

  it('the form comes back on load, before any prompt, and its answers reach the same call', async () => {
    const first = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
    await first.agent.request('initialize', {
      protocolVersion: first.acp.PROTOCOL_VERSION,
      clientCapabilities: { elicitation: { form: {} } },
    });
    const { sessionId } = await first.agent.request('session/new', {
      cwd: bed.sandbox.workspace,
      mcpServers: [],
    });
    let asked!: () => void;
    const shown = new Promise<void>((resolve) => (asked = resolve));
    // The editor shows the form and is closed before anybody answers it.
    first.answers.elicitation = () => {
      asked();
      return new Promise(() => undefined);
    };
    promptText(first, sessionId, 'ask me').catch(() => undefined);
    await shown;
    expect(await first.close()).toBe(0);
    expect(bed.fake.requests).toHaveLength(1);

    const second = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
    await second.agent.request('initialize', {
      protocolVersion: second.acp.PROTOCOL_VERSION,
      clientCapabilities: { elicitation: { form: {} } },
    });
    let answered!: () => void;
    const done = new Promise<void>((resolve) => (answered = resolve));
    second.answers.elicitation = () => {
      answered();
      return { action: 'accept', content: { q1: 'SQLite', q2: 'REST' } };
    };
    await second.agent.request('session/load', {
      sessionId,
      cwd: bed.sandbox.workspace,
      mcpServers: [],
    });
    // No prompt was sent: the load itself offered the form again.
    await done;
    // The continued turn's reply streams to the editor without a prompt.
    await second.waitForUpdate(() =>
      agentText(second.updates).includes('Continuing with SQLite and REST.'),
    );
    const messages = (bed.fake.requests[1]!.body as { messages: Array<Record<string, unknown>> })
      .messages;
    expect(messages.find((m) => m.role === 'tool' && m.tool_call_id === 'q_open')?.content).toBe(
      '{"answers":["SQLite","REST"],"cancelled":false}',
    );
    // A prompt after it runs as usual.
    expect(await promptText(second, sessionId, 'next')).toBe('end_turn');
    expect(bed.fake.requests).toHaveLength(3);
    expect(await second.close()).toBe(0);
  });
});
