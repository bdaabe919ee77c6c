import { DecisionBook } from '@agent/runtime';
import { startOpenAIChatServer } from '@agent/testkit';
import { promptText } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

// Issue 36 item 11 (ASK_USER.md §10): the editor's sessions are told the kept decisions, and a
// kept question asked again comes with the kept answer as the form's default, dated.

describe('agent-acp and kept decisions', () => {
  const bed = editorBed();
  const questions = [
    { question: 'Which  DATABASE?', options: ['Postgres', 'SQLite'] },
    { question: 'Which checks?', options: ['Lint', 'Types', 'Tests'], multiSelect: true },
    { question: 'Service name?', options: ['api', 'svc'] },
  ];

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([
      { toolCalls: [{ id: 'q1', name: 'ask_user', arguments: { questions } }] },
      { text: 'noted' },
    ]);
  });

  it("puts the decisions in the first request's system prompt and the kept answers as the form's defaults", async () => {
    const book = new DecisionBook(
      bed.sandbox.agentHome,
      bed.sandbox.workspace,
      () => new Date('2026-12-01T10:00:00Z'),
    );
    book.keep(
      [
        { question: 'Which database?', answer: 'SQLite' },
        { question: 'Which checks?', answer: ['Types', 'smoke'] },
      ],
      'project',
      'earlier',
    );
    book.keep([{ question: 'service name?', answer: 'importer' }], 'global', 'earlier');
    const { editor, sessionId } = await bed.open({ forms: true });
    let form: any;
    editor.answers.elicitation = (params) => {
      form = params;
      return {
        action: 'accept',
        content: {
          q1: 'SQLite',
          q2: ['Types'],
          q2_typed: 'smoke',
          q3: 'api',
          q3_typed: 'importer',
        },
      };
    };
    expect(await promptText(editor, sessionId, 'set up the service')).toBe('end_turn');
    const first = (bed.fake.requests[0]!.body as { messages: Array<Record<string, unknown>> })
      .messages;
    const system = String(first.find((m) => m.role === 'system')?.content);
    expect(system).toContain('- "Which database?" → "SQLite" (this project, decided 2026-12-01)');
    expect(system).toContain('- "service name?" → "importer" (every project, decided 2026-12-01)');
    const properties = form.requestedSchema.properties;
    expect(properties.q1).toMatchObject({
      default: 'SQLite',
      description: 'kept decision from 2026-12-01',
    });
    expect(properties.q2).toMatchObject({
      default: ['Types'],
      description: 'kept decision from 2026-12-01',
    });
    expect(properties.q2_typed.default).toBe('smoke');
    expect(properties.q3.default).toBe('api');
    expect(properties.q3_typed.default).toBe('importer');
    const messages = (bed.fake.requests[1]!.body as { messages: Array<Record<string, unknown>> })
      .messages;
    expect(messages.find((m) => m.role === 'tool' && m.tool_call_id === 'q1')?.content).toBe(
      '{"answers":["SQLite",["Types","smoke"],"importer"],"cancelled":false}',
    );
    expect(await editor.close()).toBe(0);
  });
});
