import {
  loadSession,
  reduceSession,
  SessionReducer,
  SessionWriter,
  type SessionEvent,
} from '../src';
import { pendingCall, tempAgentHome, testWriter } from './helpers';

describe('SessionReducer folds a saved session into the state every reader shares', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  async function saved(write: (writer: SessionWriter) => void): Promise<SessionEvent[]> {
    const writer = await testWriter(home, 'Reducer');
    write(writer);
    await writer.close();
    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([]);
    return loaded.events;
  }

  it('merges each tool_end into its call, keeps recorded steps and leaves the rest open', async () => {
    const task = pendingCall('t', 'task', {
      description: 'find it',
      prompt: 'p',
      agent: 'explore',
    });
    const events = await saved((writer) => {
      writer.recordUser('look around');
      writer.recordAssistant({
        role: 'assistant',
        text: 'Looking.',
        toolCalls: [task, pendingCall('r', 'read_file', { path: 'a.ts' })],
      });
      writer.append({ type: 'tool_progress', callId: 't', text: 'grep config' });
      writer.append({ type: 'tool_progress', callId: 't', text: 'read a.ts' });
      writer.recordToolEnd({ ...task, status: 'ok', summary: 'explore: 2 tool calls' });
      writer.recordProviderChange('anthropic', 'claude-test');
      writer.recordSettings({ toolHistory: 'off' });
    });
    const state = reduceSession(events);
    expect(state.facts).toEqual({
      cwd: '/w',
      provider: 'anthropic',
      model: 'claude-test',
      title: 'Reducer',
      toolHistory: 'off',
    });
    expect(state.messages).toEqual([
      { role: 'user', text: 'look around' },
      {
        role: 'assistant',
        text: 'Looking.',
        toolCalls: [
          { ...task, status: 'ok', summary: 'explore: 2 tool calls' },
          pendingCall('r', 'read_file', { path: 'a.ts' }),
        ],
      },
    ]);
    expect(state.call('t')).toMatchObject({ ended: true, steps: ['grep config', 'read a.ts'] });
    expect(state.call('r')).toMatchObject({ ended: false, steps: [] });
    const last = state.messages[1]!;
    expect(last.role === 'assistant' && last.toolCalls[0]).toBe(state.call('t')!.activity);
    expect(state.openTail().map((call) => call.activity.id)).toEqual(['r']);
  });

  it('keeps retained output and details from tool_end, and a call id used again names the latest call', async () => {
    const events = await saved((writer) => {
      writer.recordAssistant({
        role: 'assistant',
        text: '',
        toolCalls: [pendingCall('c', 'ask_user')],
      });
      writer.recordToolEnd({
        ...pendingCall('c', 'ask_user'),
        status: 'ok',
        summary: 'answered',
        retainedOutput: '{"answers":["A"],"cancelled":false}',
        retainedDetails: { custom: [true] },
      });
      writer.recordAssistant({ role: 'assistant', text: '', toolCalls: [pendingCall('c', 'run')] });
      writer.recordToolEnd({ ...pendingCall('c', 'run'), status: 'error', summary: 'exit 1' });
    });
    const state = reduceSession(events);
    const calls = state.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []));
    expect(calls).toEqual([
      {
        ...pendingCall('c', 'ask_user'),
        status: 'ok',
        summary: 'answered',
        retainedOutput: '{"answers":["A"],"cancelled":false}',
        retainedDetails: { custom: [true] },
      },
      { ...pendingCall('c', 'run'), status: 'error', summary: 'exit 1' },
    ]);
    expect(state.call('c')!.activity.name).toBe('run');
    expect(state.openTail()).toEqual([]);
  });

  it('starts the messages at the last checkpoint; earlier calls still end and replay', async () => {
    const events = await saved((writer) => {
      writer.recordUser('first');
      writer.recordAssistant({
        role: 'assistant',
        text: '',
        toolCalls: [pendingCall('old', 'run')],
      });
      writer.recordCheckpoint('the summary');
      writer.recordToolEnd({ ...pendingCall('old', 'run'), status: 'ok', summary: 'done late' });
      writer.recordUser('second');
    });
    const state = reduceSession(events);
    expect(state.messages).toEqual([
      { role: 'checkpoint', summary: 'the summary' },
      { role: 'user', text: 'second' },
    ]);
    expect(state.call('old')).toMatchObject({ ended: true, activity: { summary: 'done late' } });
  });

  it('apply returns the calls an assistant event opened, live as later events land', async () => {
    const events = await saved((writer) => {
      writer.recordAssistant({ role: 'assistant', text: '', toolCalls: [pendingCall('a', 'run')] });
      writer.recordToolEnd({ ...pendingCall('a', 'run'), status: 'ok', summary: 'ran' });
    });
    const reducer = new SessionReducer();
    const opened = events.flatMap((event) => [...reducer.apply(event)]);
    expect(opened.map((call) => call.activity.id)).toEqual(['a']);
    expect(opened[0]).toMatchObject({ ended: true, activity: { status: 'ok', summary: 'ran' } });
  });

  it('an open call is only in the tail while nothing but tool events follow its response', async () => {
    const events = await saved((writer) => {
      writer.recordAssistant({ role: 'assistant', text: '', toolCalls: [pendingCall('a', 'run')] });
      writer.recordUser('something else');
    });
    const state = reduceSession(events);
    expect(state.call('a')!.ended).toBe(false);
    expect(state.openTail()).toEqual([]);
    // Closing it is the readers' choice: the reducer keeps the recorded status.
    expect(state.messages[0]).toEqual({
      role: 'assistant',
      text: '',
      toolCalls: [pendingCall('a', 'run')],
    });
  });
});
