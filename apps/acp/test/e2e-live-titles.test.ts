import type * as AcpSdk from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' };
import { startOpenAIChatServer } from '@agent/testkit';
import { agentEnv, fakeArgs, promptText, startEditor, type Editor } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const QUESTIONS = [
  { question: 'Which database?', options: ['Postgres', 'SQLite'] },
  { question: 'Which API style?', options: ['REST', 'GraphQL'] },
];

/** What each `tool_call` of `updates` says of its call, by call id. */
function toolCalls(updates: readonly AcpSdk.SessionUpdate[]): Record<string, unknown> {
  return Object.fromEntries(
    updates.flatMap((update) =>
      update.sessionUpdate === 'tool_call'
        ? [[update.toolCallId, { title: update.title, kind: update.kind }]]
        : [],
    ),
  );
}

async function initialize(editor: Editor): Promise<void> {
  await editor.agent.request('initialize', {
    protocolVersion: editor.acp.PROTOCOL_VERSION,
    clientCapabilities: { elicitation: { form: {} } },
  });
}

/**
 * Issue 35: the live view titles a call as its transcript entry does, as a session/load replay
 * of it does; a tool whose input happens to hold `questions` is not a questionnaire.
 */
describe('agent-acp titles a call live as its load replays it', () => {
  const bed = editorBed();

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([
      {
        toolCalls: [
          { id: 'q1', name: 'ask_user', arguments: { questions: QUESTIONS } },
          { id: 'g1', name: 'grep', arguments: { pattern: 'TODO', questions: QUESTIONS } },
        ],
      },
      { text: 'done' },
    ]);
  });

  it('gives a questionnaire and a tool with `questions` in its input the same titles live and replayed', async () => {
    const live = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
    await initialize(live);
    const { sessionId } = await live.agent.request('session/new', {
      cwd: bed.sandbox.workspace,
      mcpServers: [],
    });
    live.answers.elicitation = () => ({ action: 'accept', content: { q1: 'SQLite', q2: 'REST' } });
    expect(await promptText(live, sessionId, 'ask and search')).toBe('end_turn');
    expect(await live.close()).toBe(0);
    const shown = toolCalls(live.updates);
    expect(shown).toMatchObject({
      q1: { title: 'ask 2 questions: Which database?' },
      g1: { kind: 'search' },
    });
    expect((shown.g1 as { title: string }).title).not.toContain('question');

    const loaded = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
    await initialize(loaded);
    await loaded.agent.request('session/load', {
      sessionId,
      cwd: bed.sandbox.workspace,
      mcpServers: [],
    });
    expect(toolCalls(loaded.updates)).toEqual(shown);
    expect(await loaded.close()).toBe(0);
  });
});
