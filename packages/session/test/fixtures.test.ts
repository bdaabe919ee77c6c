import { loadSession, projectSession } from '../src';
import { fixturePath } from './helpers';

const ASK_INPUT = {
  questions: [
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style?', options: ['REST', 'GraphQL', 'gRPC'] },
  ],
};

describe('session files of every schema version load', () => {
  it('v1: tool statuses, retained output, questionnaire, provider change', async () => {
    const loaded = await loadSession(fixturePath('v1/session.jsonl'));
    expect(loaded.warnings).toEqual([]);
    const projection = projectSession(loaded.events);
    expect(projection).toMatchObject({
      cwd: '/home/dev/service',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      title: 'Service setup',
      toolHistory: 'off',
    });
    expect(projection.messages).toEqual([
      { role: 'user', text: 'Set up the service' },
      {
        role: 'assistant',
        text: 'Let me check first.',
        toolCalls: [
          {
            id: 'call_read',
            name: 'read_file',
            input: { path: 'package.json' },
            status: 'skipped',
            summary: 'skipped: ask_user took precedence; retry after reading the answer',
          },
          {
            id: 'call_ask',
            name: 'ask_user',
            input: ASK_INPUT,
            status: 'ok',
            summary: 'answered 1 of 2, cancelled',
            retainedOutput: '{"answers":["SQLite"],"cancelled":true}',
            // Version 2 records the outcome as data; a version-1 file gets it from the output.
            retainedDetails: { answers: ['SQLite'], cancelled: true },
          },
        ],
        usage: { inputTokens: 900, outputTokens: 60 },
        provider: 'openai-chat',
        model: 'gpt-4.1',
      },
      { role: 'assistant', text: 'SQLite it is.', toolCalls: [] },
      { role: 'user', text: 'Write the schema' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [
          {
            id: 'toolu_1',
            name: 'write_file',
            input: { path: 'schema.sql', content: 'create table t (id integer);' },
            status: 'ok',
            summary: 'wrote schema.sql (1 line)',
          },
        ],
      },
      { role: 'assistant', text: 'Done.', toolCalls: [] },
    ]);
    expect(loaded.events.map((event) => event.type)).toEqual([
      'session_start',
      'settings',
      'user',
      'assistant',
      'tool_end',
      'tool_end',
      'questionnaire',
      'assistant',
      'provider_change',
      'user',
      'assistant',
      'tool_end',
      'assistant',
    ]);
    expect(loaded.events[6]).toMatchObject({
      type: 'questionnaire',
      callId: 'call_ask',
      questionnaire: ASK_INPUT,
      result: { answers: ['SQLite'], cancelled: true },
    });
  });

  it('v1 with a checkpoint: only the summary and what follows reach the next request', async () => {
    const loaded = await loadSession(fixturePath('v1/checkpoint.jsonl'));
    expect(loaded.warnings).toEqual([]);
    expect(projectSession(loaded.events).messages).toEqual([
      { role: 'checkpoint', summary: 'The user asked an old question; ls ran.' },
      { role: 'user', text: 'New question' },
    ]);
    expect(loaded.events.map((event) => event.type)).toEqual([
      'session_start',
      'user',
      'assistant',
      'checkpoint',
      'tool_end',
      'user',
    ]);
  });

  it('v1 written before retainedOutput existed loads unchanged (status-only results)', async () => {
    const loaded = await loadSession(fixturePath('v1/pre-retained-output.jsonl'));
    expect(loaded.warnings).toEqual([]);
    expect(projectSession(loaded.events).messages).toEqual([
      { role: 'user', text: 'Pick a license' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [
          {
            id: 'toolu_ask',
            name: 'ask_user',
            input: { questions: [{ question: 'Which license?', options: ['MIT', 'Apache-2.0'] }] },
            status: 'ok',
            summary: 'answered: MIT',
          },
        ],
      },
      { role: 'assistant', text: 'MIT it is.', toolCalls: [] },
    ]);
  });
});
