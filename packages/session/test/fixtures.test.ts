import { loadSession, projectSession, transcriptItems } from '../src';
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
    expect(transcriptItems(loaded.events)).toEqual([
      { kind: 'user', text: 'Set up the service' },
      { kind: 'assistant', text: 'Let me check first.' },
      {
        kind: 'tool',
        callId: 'call_read',
        name: 'read_file',
        summary: 'skipped: ask_user took precedence; retry after reading the answer',
        status: 'skipped',
      },
      {
        kind: 'questionnaire',
        callId: 'call_ask',
        summary: {
          questions: [
            { question: 'Which database?', answer: 'SQLite', custom: false },
            { question: 'Which API style?', custom: false },
          ],
          cancelled: true,
          answered: 1,
          total: 2,
          redacted: false,
        },
      },
      { kind: 'assistant', text: 'SQLite it is.' },
      { kind: 'provider_change', provider: 'anthropic', model: 'claude-sonnet-4-5' },
      { kind: 'user', text: 'Write the schema' },
      {
        kind: 'tool',
        callId: 'toolu_1',
        name: 'write_file',
        summary: 'wrote schema.sql (1 line)',
        status: 'ok',
      },
      { kind: 'assistant', text: 'Done.' },
    ]);
  });

  it('v1 with a checkpoint: only the summary and what follows reach the next request', async () => {
    const loaded = await loadSession(fixturePath('v1/checkpoint.jsonl'));
    expect(loaded.warnings).toEqual([]);
    expect(projectSession(loaded.events).messages).toEqual([
      { role: 'checkpoint', summary: 'The user asked an old question; ls ran.' },
      { role: 'user', text: 'New question' },
    ]);
    expect(transcriptItems(loaded.events).map((item) => item.kind)).toEqual([
      'user',
      'assistant',
      'tool',
      'checkpoint',
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
    expect(transcriptItems(loaded.events)[1]).toEqual({
      kind: 'tool',
      callId: 'toolu_ask',
      name: 'ask_user',
      summary: 'answered: MIT',
      status: 'ok',
    });
  });
});
