import { startOpenAIChatServer } from '@agent/testkit';
import { promptText } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const QUESTIONS = [
  { question: 'Which database?', options: ['Postgres', 'SQLite'] },
  { question: 'Which checks?', options: ['Lint', 'Types', 'Tests'], multiSelect: true },
];

/** A multi-select question through an editor's form: an array field of the exact options. */
describe('agent-acp maps a multi-select question to a multi-select form field (issue 25)', () => {
  const bed = editorBed();

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([
      { toolCalls: [{ id: 'q1', name: 'ask_user', arguments: { questions: QUESTIONS } }] },
      { text: 'noted' },
    ]);
  });

  it('asks with an array field (recommended option as the default) and returns the list in option order, then the typed text', async () => {
    const { editor, sessionId } = await bed.open({
      forms: true,
    });
    let form: any;
    editor.answers.elicitation = (params) => {
      form = params;
      return {
        action: 'accept',
        content: { q1: 'Postgres', q1_typed: '', q2: ['Tests', 'Lint'], q2_typed: ' smoke ' },
      };
    };
    expect(await promptText(editor, sessionId, 'ask me')).toBe('end_turn');
    expect(form.requestedSchema.properties.q2).toEqual({
      type: 'array',
      title: 'Which checks?',
      items: { type: 'string', enum: ['Lint', 'Types', 'Tests'] },
      default: ['Lint'],
    });
    const messages = (bed.fake.requests[1]!.body as { messages: Array<Record<string, unknown>> })
      .messages;
    expect(messages.find((m) => m.role === 'tool' && m.tool_call_id === 'q1')?.content).toBe(
      '{"answers":["Postgres",["Lint","Tests","smoke"]],"cancelled":false}',
    );
    expect(await editor.close()).toBe(0);
  });
});

describe('agent-acp keeps every other answer when a form comes back with an empty multi-select (ASK_USER.md §10)', () => {
  const bed = editorBed();
  const three = [
    { question: 'Which database?', options: ['SQLite ', 'SQLite'] },
    { question: 'Which checks?', options: ['Lint', 'Types'], multiSelect: true },
    { question: 'Which package first?', options: ['importer-core', 'importer-cli'] },
  ];

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([
      { toolCalls: [{ id: 'q3', name: 'ask_user', arguments: { questions: three } }] },
      { text: 'noted' },
    ]);
  });

  it('the answers after the empty one reach the model in also_answered', async () => {
    const { editor, sessionId } = await bed.open({ forms: true });
    editor.answers.elicitation = () => ({
      action: 'accept',
      content: { q1: 'SQLite ', q2: [], q3: 'importer-core' },
    });
    expect(await promptText(editor, sessionId, 'ask me')).toBe('end_turn');
    const messages = (bed.fake.requests[1]!.body as { messages: Array<Record<string, unknown>> })
      .messages;
    expect(messages.find((m) => m.role === 'tool' && m.tool_call_id === 'q3')?.content).toBe(
      '{"answers":["SQLite "],"also_answered":{"3":"importer-core"},"cancelled":true}',
    );
    expect(await editor.close()).toBe(0);
  });
});
