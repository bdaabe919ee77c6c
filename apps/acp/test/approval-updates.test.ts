import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolActivity } from '@agent/llm';
import { openSavedSession, TRANSCRIPT_CARDS } from '@agent/runtime';
import { SessionWriter, transcriptOf, type CallEntry } from '@agent/session';
import type { CallApproval } from '@agent/tools';
import { replayUpdates } from '../src/replay-updates';
import { TurnUpdates } from '../src/turn-updates';
import type { SessionUpdate } from '../src/schema';

const calls: Array<{ id: string; path: string; approval: CallApproval }> = [
  {
    id: 'c1',
    path: 'demo-notes.md',
    approval: {
      allowed: true,
      by: 'person',
      choice: 'always',
      rule: 'write_file(demo-notes.md)',
      scope: 'session',
      on: 'the terminal',
    },
  },
  {
    id: 'c2',
    path: 'other.md',
    approval: { allowed: true, by: 'person', choice: 'once', on: 'the web page' },
  },
  {
    id: 'c3',
    path: 'mine.md',
    approval: { allowed: true, by: 'person', choice: 'once', on: 'the editor' },
  },
];

function texts(update: SessionUpdate | undefined): string[] {
  const content = update && 'content' in update ? update.content : undefined;
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) =>
    part.type === 'content' && part.content.type === 'text' ? [part.content.text] : [],
  );
}

describe('agent-acp: how a call was approved, live and on session/load', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'acp-approval-'));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('says it as a content line of the call, the same in both', async () => {
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: home,
      provider: 'demo',
      model: 'demo',
    });
    writer.recordUser('write them');
    const activities: ToolActivity[] = calls.map(({ id, path: file }) => ({
      id,
      name: 'write_file',
      input: { path: file, content: 'x\n' },
      status: 'pending',
      summary: '',
    }));
    writer.recordAssistant({ role: 'assistant', text: '', toolCalls: activities });
    for (const [index, activity] of activities.entries()) {
      writer.recordToolEnd({
        ...activity,
        status: 'ok',
        summary: `wrote 1 line to ${calls[index]!.path}`,
        approval: calls[index]!.approval,
      });
    }
    await writer.close();

    const saved = await openSavedSession(writer.path);
    const replayed = replayUpdates(saved, home, (activity) => activity.name);
    const byId = (id: string) =>
      replayed.find((update) => 'toolCallId' in update && update.toolCallId === id);
    expect(texts(byId('c1'))).toEqual([
      'Always allowed (write_file(demo-notes.md)) on the terminal',
      'wrote 1 line to demo-notes.md',
    ]);
    expect(texts(byId('c2'))).toEqual(['Allowed on the web page', 'wrote 1 line to other.md']);
    // Answered here, in the editor: nothing more to say than the permission request did.
    expect(texts(byId('c3'))).toEqual(['Allowed', 'wrote 1 line to mine.md']);

    // Live, a call's end is drawn from the same transcript entry.
    const entries = transcriptOf(saved.events, { cards: TRANSCRIPT_CARDS });
    const entry = (id: string) =>
      entries.find((e): e is CallEntry => 'id' in e && e.id === id && e.kind === 'tool');
    const sent: SessionUpdate[] = [];
    const live = new TurnUpdates(
      home,
      entry,
      (update) => sent.push(update),
      () => undefined,
    );
    for (const [index, activity] of activities.entries()) {
      const output = `wrote 1 line to ${calls[index]!.path}`;
      live.handle({ type: 'tool_start', activity, title: 'write' });
      live.handle({
        type: 'tool_end',
        activity: { ...activity, status: 'ok', summary: output },
        result: { output },
      });
    }
    const ends = sent.filter((update) => update.sessionUpdate === 'tool_call_update');
    expect(ends.map((update) => texts(update)[0])).toEqual(
      ['c1', 'c2', 'c3'].map((id) => texts(byId(id))[0]),
    );
  });
});
