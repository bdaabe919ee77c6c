import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { promptText } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

// A call the editor was asked about is `pending` there; allowed by anything but the editor's own
// answer (here: the mode switched to while its card waits), it runs, and the editor hears so.

describe('agent-acp: a call allowed while its permission request waits', () => {
  const bed = editorBed();

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([
      {
        toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'a\n' } }],
      },
      { text: 'Done.' },
    ]);
  });

  it('is in progress once the mode allows it, before it completes', async () => {
    const { editor, sessionId } = await bed.open({ forms: false });
    let release: () => void = () => undefined;
    const unanswered = new Promise<{ outcome: { outcome: 'cancelled' } }>((resolve) => {
      release = () => resolve({ outcome: { outcome: 'cancelled' } });
    });
    let asked = 0;
    editor.answers.permission = async (params) => {
      asked += 1;
      expect(params.toolCall.status).toBe('pending');
      // Not answered here: the mode switched to allows the call itself.
      await editor.agent.request('session/set_mode', { sessionId, modeId: 'accept-edits' });
      return unanswered;
    };
    const from = editor.updates.length;
    expect(await promptText(editor, sessionId, 'write a')).toBe('end_turn');
    release();
    expect(asked).toBe(1);
    expect(fs.readFileSync(path.join(bed.sandbox.workspace, 'a.txt'), 'utf8')).toBe('a\n');
    const statuses = editor.updates
      .slice(from)
      .flatMap((u) => ('toolCallId' in u && u.toolCallId === 'w1' && u.status ? [u.status] : []));
    // Started, then pending (the request), allowed by the mode: in progress again, completed.
    expect(statuses).toEqual(['in_progress', 'in_progress', 'completed']);
    expect(await editor.close()).toBe(0);
  });
});
