import { startOpenAIChatServer } from '@agent/testkit';
import {
  agentEnv,
  agentText,
  fakeArgs,
  promptText,
  startEditor,
  type Editor,
} from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const QUESTIONS = [
  { question: 'Which database?', options: ['Postgres', 'SQLite'] },
  { question: 'Which API style?', options: ['REST', 'GraphQL'] },
];

async function initialize(editor: Editor): Promise<void> {
  await editor.agent.request('initialize', {
    protocolVersion: editor.acp.PROTOCOL_VERSION,
    clientCapabilities: { elicitation: { form: {} } },
  });
}

/**
 * ACP creates a tool call once (`tool_call`) and then updates it (`tool_call_update`): a call a
 * saved session left open is created by the load's replay, so the continued turn that offers it
 * again only updates it.
 */
describe('agent-acp announces a call left open once when the load offers it again', () => {
  const bed = editorBed();

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([
      { toolCalls: [{ id: 'q_open', name: 'ask_user', arguments: { questions: QUESTIONS } }] },
      { text: 'Continuing with SQLite and REST.' },
    ]);
  });

  it('replays the open call as pending, then sends only tool_call_update for it', async () => {
    const first = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
    await initialize(first);
    const { sessionId } = await first.agent.request('session/new', {
      cwd: bed.sandbox.workspace,
      mcpServers: [],
    });
    let asked!: () => void;
    const shown = new Promise<void>((resolve) => (asked = resolve));
    // The editor quits while the form is shown: the session file keeps the call open.
    first.answers.elicitation = () => {
      asked();
      return new Promise(() => undefined);
    };
    promptText(first, sessionId, 'ask me').catch(() => undefined);
    await shown;
    expect(await first.close()).toBe(0);

    const second = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
    await initialize(second);
    second.answers.elicitation = () => ({
      action: 'accept',
      content: { q1: 'SQLite', q2: 'REST' },
    });
    await second.agent.request('session/load', {
      sessionId,
      cwd: bed.sandbox.workspace,
      mcpServers: [],
    });
    await second.waitForUpdate(() =>
      agentText(second.updates).includes('Continuing with SQLite and REST.'),
    );
    const ofCall = second.updates.flatMap((update) =>
      (update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update') &&
      update.toolCallId === 'q_open'
        ? [{ update: update.sessionUpdate, status: update.status, title: update.title }]
        : [],
    );
    expect(ofCall).toEqual([
      { update: 'tool_call', status: 'pending', title: 'ask 2 questions: Which database?' },
      {
        update: 'tool_call_update',
        status: 'in_progress',
        title: 'ask 2 questions: Which database?',
      },
      expect.objectContaining({ update: 'tool_call_update', status: 'completed' }),
    ]);
    expect(await second.close()).toBe(0);
  });
});
