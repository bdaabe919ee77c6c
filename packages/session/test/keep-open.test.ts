import { INTERRUPTED_OUTPUT, type ToolActivity } from '@agent/llm';
import { loadSession, projectSession, SessionWriter, type SessionProjection } from '../src';
import { pendingCall, tempAgentHome, testWriter } from './helpers';

const QUESTIONS = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL'] },
  ],
};

const ask = pendingCall('call_open', 'ask_user', QUESTIONS);
const interactive = (call: ToolActivity): boolean => call.name === 'ask_user';

/**
 * A session left open by a crash: resume offers its interactive calls again when the caller says
 * which calls are interactive (`keepOpen`), as the REPL did with `openQuestionnaireCalls`.
 */
describe('projectSession keeps the calls a crash left open when asked to', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  /** Writes `write`'s events after a first prompt, "crashes" (no tool_end), and projects both ways. */
  async function crashed(
    write: (writer: SessionWriter) => void,
  ): Promise<{ kept: SessionProjection; closed: SessionProjection }> {
    const writer = await testWriter(home);
    writer.recordUser('set up the service');
    write(writer);
    await writer.close();
    const { events, warnings } = await loadSession(writer.path);
    expect(warnings).toEqual([]);
    return {
      kept: projectSession(events, { keepOpen: interactive }),
      closed: projectSession(events),
    };
  }

  const respond = (writer: SessionWriter, ...toolCalls: ToolActivity[]): void => {
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: { role: 'assistant', text: 'Two decisions first.', toolCalls },
    });
  };

  it('an open ask_user call stays pending with its exact input and is reported', async () => {
    const { kept, closed } = await crashed((writer) => respond(writer, ask));
    expect(kept.openCalls).toEqual(['call_open']);
    expect(kept.openProgress).toEqual({});
    expect(kept.messages).toEqual([
      { role: 'user', text: 'set up the service' },
      { role: 'assistant', text: 'Two decisions first.', toolCalls: [ask] },
    ]);
    // Without the option: exactly as before, every dangling call closed as interrupted.
    expect(closed.openCalls).toEqual([]);
    expect(closed.openProgress).toEqual({});
    expect(closed.messages[1]).toEqual({
      role: 'assistant',
      text: 'Two decisions first.',
      toolCalls: [{ ...ask, status: 'interrupted', output: INTERRUPTED_OUTPUT }],
    });
  });

  it('keeps every open call of that response pending, in order; ended ones stay as they ended', async () => {
    const read = pendingCall('call_read', 'read_file', { path: 'a.ts' });
    const shell = pendingCall('call_shell', 'run_shell', { command: 'npm test' });
    const { kept } = await crashed((writer) => {
      respond(writer, read, ask, shell);
      writer.recordToolEnd({ ...read, status: 'skipped', summary: 'skipped: ask_user first' });
    });
    expect(kept.openCalls).toEqual(['call_open', 'call_shell']);
    expect(kept.messages.at(-1)).toEqual({
      role: 'assistant',
      text: 'Two decisions first.',
      toolCalls: [{ ...read, status: 'skipped', summary: 'skipped: ask_user first' }, ask, shell],
    });
  });

  it('settings, provider changes and tool progress after the response do not close it', async () => {
    const { kept } = await crashed((writer) => {
      respond(writer, ask);
      writer.recordSettings({ toolHistory: 'off' });
      writer.recordProviderChange('anthropic', 'claude-test');
      writer.append({ type: 'tool_progress', callId: 'call_open', text: 'asked' });
    });
    expect(kept.openCalls).toEqual(['call_open']);
    expect(kept).toMatchObject({ provider: 'anthropic', toolHistory: 'off' });
  });

  it.each([
    [
      'the ask_user call ended',
      (writer: SessionWriter) => {
        respond(writer, ask);
        writer.recordToolEnd({
          ...ask,
          status: 'ok',
          summary: 'answered',
          retainedOutput: '{"answers":["SQLite","REST"],"cancelled":false}',
        });
      },
    ],
    [
      'a user message came after it',
      (writer: SessionWriter) => {
        respond(writer, ask);
        writer.recordUser('never mind');
      },
    ],
    [
      'a checkpoint came after it',
      (writer: SessionWriter) => {
        respond(writer, ask);
        writer.recordCheckpoint('summary');
      },
    ],
    [
      'only calls that are not interactive are open',
      (writer: SessionWriter) => respond(writer, pendingCall('call_shell', 'run_shell')),
    ],
    [
      'it is an earlier response: a later one ended its calls',
      (writer: SessionWriter) => {
        respond(writer, ask);
        const shell = pendingCall('call_shell', 'run_shell');
        respond(writer, shell);
        writer.recordToolEnd({ ...shell, status: 'ok', summary: 'ran' });
      },
    ],
    ['there is no model response', (_writer: SessionWriter) => undefined],
  ])('nothing is kept open when %s: every dangling call is closed', async (_case, write) => {
    const { kept, closed } = await crashed(write);
    expect(kept).toEqual(closed);
    expect(kept.openCalls).toEqual([]);
    for (const message of kept.messages) {
      if (message.role !== 'assistant') continue;
      expect(message.toolCalls.filter((call) => call.status === 'pending')).toEqual([]);
    }
  });

  it('a predicate no open call satisfies (asking disabled) closes them as interrupted', async () => {
    const writer = await testWriter(home);
    respond(writer, ask);
    await writer.close();
    const { events } = await loadSession(writer.path);
    const projection = projectSession(events, { keepOpen: () => false });
    expect(projection.openCalls).toEqual([]);
    expect(projection.messages[0]).toMatchObject({ toolCalls: [{ status: 'interrupted' }] });
  });

  it('a kept call is pending again even when its response recorded a summary for it', async () => {
    const { kept } = await crashed((writer) =>
      respond(writer, { ...ask, summary: 'ask_user: 2 questions' }),
    );
    expect(kept.openCalls).toEqual(['call_open']);
    expect(kept.messages.at(-1)).toMatchObject({ toolCalls: [{ status: 'pending', summary: '' }] });
  });
});
