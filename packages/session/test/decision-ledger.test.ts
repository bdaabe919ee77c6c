import type { CheckpointMessage, ToolActivity } from '@agent/llm';
import { summarizeQuestionnaire } from '@agent/tool-contract';
import { loadSession, projectSession, SessionWriter } from '../src';
import { tempAgentHome } from './helpers';

const input = {
  questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
};

const afterCleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of afterCleanup) await cleanup();
});

describe('the decision ledger and answer details in the session file', () => {
  it('a checkpoint keeps its decisions; a resumed history carries them exactly', async () => {
    const { home, cleanup } = await tempAgentHome();
    afterCleanup.push(cleanup);
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'openai-chat',
      model: 'm',
    });
    const checkpoint: CheckpointMessage = {
      role: 'checkpoint',
      summary: 'The person chose a database.',
      decisions: [
        {
          id: 'call_1',
          name: 'ask_user',
          input,
          status: 'ok',
          output: '{"answers":["my own Postgres 16"],"cancelled":false}',
          details: { custom: [true] },
        },
      ],
    };
    writer.recordCheckpoint(checkpoint);
    writer.recordUser('go on');
    await writer.close();
    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([]);
    expect(projectSession(loaded.events).messages).toEqual([
      checkpoint,
      { role: 'user', text: 'go on' },
    ]);
  });

  it('records per answer whether it was typed, and projects it back', async () => {
    const { home, cleanup } = await tempAgentHome();
    afterCleanup.push(cleanup);
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'openai-chat',
      model: 'm',
    });
    const call: ToolActivity = {
      id: 'c1',
      name: 'ask_user',
      input,
      status: 'pending',
      summary: '',
    };
    writer.recordUser('ask me');
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: { role: 'assistant', text: '', toolCalls: [call] },
    });
    const done: ToolActivity = {
      ...call,
      status: 'ok',
      summary: '1 answer',
      retainedOutput: '{"answers":["SQLite"],"cancelled":false}',
      retainedDetails: { custom: [true] },
    };
    writer.recordLoopEvent({ type: 'tool_end', activity: done, result: { output: '' } });
    await writer.close();
    const loaded = await loadSession(writer.path);
    const message = projectSession(loaded.events).messages[1]!;
    expect(message.role === 'assistant' && message.toolCalls[0]!.retainedDetails).toEqual({
      custom: [true],
    });
  });
});

describe('the replay summary uses the recorded picked/typed flags', () => {
  it('an answer typed to match an option text is still shown as typed', async () => {
    const { home, cleanup } = await tempAgentHome();
    afterCleanup.push(cleanup);
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'p',
      model: 'm',
    });
    const call: ToolActivity = {
      id: 'c1',
      name: 'ask_user',
      input,
      status: 'pending',
      summary: '',
    };
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: { role: 'assistant', text: '', toolCalls: [call] },
    });
    writer.recordLoopEvent({
      type: 'tool_end',
      activity: {
        ...call,
        status: 'ok',
        summary: '1 answer',
        retainedOutput: '{"answers":["SQLite"],"cancelled":false}',
        retainedDetails: { custom: [true] },
      },
      result: { output: '' },
    });
    await writer.close();
    const { events } = await loadSession(writer.path);
    const end = events.find((event) => event.type === 'tool_end');
    expect(end).toMatchObject({ retainedDetails: { custom: [true] } });
    const details = end?.type === 'tool_end' ? end.retainedDetails : undefined;
    const result = {
      ...JSON.parse(end?.type === 'tool_end' ? end.retainedOutput! : '{}'),
      ...(details as object),
    };
    expect(summarizeQuestionnaire(input, result).items).toEqual([
      {
        question: 'Which database?',
        answer: 'SQLite',
        custom: true,
        entries: [{ text: 'SQLite', typed: true, hidden: false }],
      },
    ]);
  });
});
