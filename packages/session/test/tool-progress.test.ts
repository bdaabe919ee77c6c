import type { LoopEvent, ToolActivity } from '@agent/llm';
import { loadSession, projectSession, SessionWriter } from '../src';
import { tempAgentHome } from './helpers';

const task: ToolActivity = {
  id: 'call_task',
  name: 'task',
  input: { description: 'find the answer', prompt: 'look', agent: 'explore' },
  status: 'pending',
  summary: '',
};

describe('subagent steps in the session', () => {
  it('records persisted progress, drops transient progress, and keeps how the call ended', async () => {
    const { home, cleanup } = await tempAgentHome();
    try {
      const writer = await SessionWriter.create({
        agentHome: home,
        cwd: '/w',
        provider: 'demo',
        model: 'demo',
      });
      writer.recordUser('delegate it');
      const events: LoopEvent[] = [
        { type: 'assistant_message', message: { role: 'assistant', text: '', toolCalls: [task] } },
        { type: 'tool_update', id: 'call_task', update: { text: 'grep answer', persist: true } },
        { type: 'tool_update', id: 'call_task', update: { text: 'transient output line' } },
        { type: 'tool_update', id: 'call_task', update: { text: 'read notes.txt', persist: true } },
        {
          type: 'tool_end',
          activity: { ...task, status: 'ok', summary: 'explore: 2 tool calls (grep, read_file)' },
          result: { output: 'the answer is 42' },
        },
        { type: 'turn_end', reason: 'done' },
      ];
      for (const event of events) writer.recordLoopEvent(event);
      await writer.close();

      const loaded = await loadSession(writer.path);
      expect(loaded.warnings).toEqual([]);
      const progress = loaded.events.filter((e) => e.type === 'tool_progress');
      expect(progress.map((e) => (e.type === 'tool_progress' ? e.text : ''))).toEqual([
        'grep answer',
        'read notes.txt',
      ]);
      expect(projectSession(loaded.events).messages.at(-1)).toEqual({
        role: 'assistant',
        text: '',
        toolCalls: [{ ...task, status: 'ok', summary: 'explore: 2 tool calls (grep, read_file)' }],
      });
    } finally {
      await cleanup();
    }
  });
});
