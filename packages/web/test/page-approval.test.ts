import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRANSCRIPT_CARDS } from '@agent/runtime';
import { loadSession, SessionWriter, transcriptOf, type CallEntry } from '@agent/session';
import type { CallApproval } from '@agent/tools';
import { pageApprovalWords } from '../src/approval-words';
import { pageEntries, pageEvent } from '../src/page-events';

const approvals: Record<string, CallApproval> = {
  c1: {
    allowed: true,
    by: 'person',
    choice: 'always',
    rule: 'write_file(demo-notes.md)',
    scope: 'session',
    on: 'the terminal',
  },
  c2: { allowed: true, by: 'person', choice: 'once', on: 'the web page' },
  c3: { allowed: true, by: 'mode', mode: 'accept-edits', asked: true },
  // Allowed by a rule in force: nobody was asked, so nothing is said.
  c4: {
    allowed: true,
    by: 'rule',
    rule: 'write_file',
    source: 'the allow rule write_file (--allow)',
  },
};

describe("the page's words for how a call was approved", () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'web-approval-'));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('are the same for the transcript it loads and the live call', async () => {
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: home,
      provider: 'demo',
      model: 'demo',
    });
    writer.recordUser('write them');
    const activities: CallEntry['activity'][] = Object.keys(approvals).map((id) => ({
      id,
      name: 'write_file',
      input: { path: `${id}.md`, content: 'x\n' },
      status: 'pending',
      summary: '',
    }));
    writer.recordAssistant({ role: 'assistant', text: '', toolCalls: activities });
    for (const activity of activities) {
      writer.recordToolEnd({
        ...activity,
        status: 'ok',
        summary: 'wrote',
        approval: approvals[activity.id],
      });
    }
    await writer.close();

    const { events } = await loadSession(writer.path);
    const entries = transcriptOf(events, { cards: TRANSCRIPT_CARDS });
    const calls = pageEntries(entries, new Map()).filter((entry) => entry.kind === 'call');
    expect(calls.map((entry) => [entry.id, entry.approval])).toEqual([
      ['c1', 'Always allowed (write_file(demo-notes.md)) on the terminal'],
      ['c2', 'Allowed'],
      ['c3', 'Allowed by accept-edits mode'],
      ['c4', undefined],
    ]);

    const callOf = (id: string) =>
      entries.find((entry): entry is CallEntry => entry.kind === 'tool' && entry.id === id);
    for (const activity of activities) {
      const live = pageEvent(
        {
          type: 'runtime',
          event: {
            type: 'tool_end',
            activity: { ...activity, status: 'ok', summary: 'wrote' },
            result: { output: 'wrote' },
          },
        },
        callOf,
      );
      const loaded = calls.find((entry) => entry.id === activity.id);
      expect(live && 'approval' in live ? live.approval : undefined).toBe(
        loaded && 'approval' in loaded ? loaded.approval : undefined,
      );
    }
  });

  it("are the editor's and the terminal's: a card answered here says the approval's words", () => {
    const call = { name: 'write_file', approval: approvals.c2!, answeredOn: 'the web page' };
    expect(pageApprovalWords(call)).toBe('Allowed');
    expect(pageApprovalWords({ name: 'ask_user', answeredOn: 'the editor' })).toBe(
      'Answered on the editor',
    );
  });
});
