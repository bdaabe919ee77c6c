import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { Conversation, type ConversationEvent } from '../src';
import { fakeChoice, sessionBox } from './support/session-box';

describe('Conversation: two front ends prompt at once', () => {
  const box = sessionBox('conversation-race');

  it('a prompt sent while another is being attached is refused in words; the first runs alone', async () => {
    box.server = await startOpenAIChatServer([{ text: 'Read it.' }, { text: 'Second answer.' }]);
    fs.writeFileSync(path.join(box.workspace, 'notes.md'), 'The codeword is heron.\n');
    const events: ConversationEvent[] = [];
    let ended!: () => void;
    const turnEnded = new Promise<void>((resolve) => (ended = resolve));
    const conversation = await Conversation.open({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice(box.server.url, box.home),
      mcp: false,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'turn_ended') ended();
      },
    });
    try {
      // The terminal's prompt reads its mention from disk; the web page's arrives meanwhile.
      const terminal = conversation.submit({ type: 'prompt', text: 'What does @notes.md say?' });
      expect(conversation.busy).toBe(true);
      const web = await conversation.submit({ type: 'prompt', text: 'hi' }, 'the web page');
      expect(web).toEqual({
        ok: false,
        reason: 'another prompt is being sent; wait for its turn, or interrupt it',
      });
      expect(await terminal).toEqual({ ok: true });
      await turnEnded;

      const turns = events.flatMap((e) => (e.type === 'turn_started' ? [e] : []));
      expect(turns.map((turn) => turn.display ?? turn.prompt)).toEqual([
        'What does @notes.md say?',
      ]);
      const results = events.flatMap((e) => (e.type === 'turn_ended' ? [e.result.reason] : []));
      expect(results).toEqual(['done']);
      expect(box.server.requests).toHaveLength(1);
      // The refused prompt was never accepted, and the first started its turn: nothing dropped.
      expect(events.some((e) => e.type === 'prompt_dropped')).toBe(false);
    } finally {
      await conversation.close();
    }
  });
});
