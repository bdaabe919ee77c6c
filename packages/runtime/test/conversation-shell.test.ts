import { startOpenAIChatServer } from '@agent/testkit';
import type { LoopEvent } from '@agent/llm';
import { Conversation, openSavedSession, type ConversationEvent } from '../src';
import { fakeChoice, sessionBox } from './support/session-box';

/** The events a conversation said, and a wait for the first (from now) that `matches`. */
function recorder() {
  const events: ConversationEvent[] = [];
  const waiters: Array<{ matches(event: ConversationEvent): boolean; resolve(): void }> = [];
  const listener = (event: ConversationEvent): void => {
    events.push(event);
    for (const waiter of waiters.filter((w) => w.matches(event))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const until = (matches: (event: ConversationEvent) => boolean) =>
    new Promise<void>((resolve) => waiters.push({ matches, resolve }));
  const loop = (): LoopEvent[] =>
    events.flatMap((event) => (event.type === 'runtime' ? [event.event as LoopEvent] : []));
  return { events, listener, until, loop };
}

const ended = (event: ConversationEvent) => event.type === 'turn_ended';

describe("Conversation: the person's !command", () => {
  const box = sessionBox('conversation-shell');
  const open = (extra: Partial<Parameters<typeof Conversation.open>[0]> = {}) =>
    Conversation.open({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice(box.server!.url, box.home),
      mcp: false,
      ...extra,
    });

  it('runs as a turn of its own: its output is said as a call, recorded, and sent with the next prompt', async () => {
    box.server = await startOpenAIChatServer([{ text: 'Seen.' }]);
    const seen = recorder();
    const conversation = await open({ onEvent: seen.listener });
    try {
      let done = seen.until(ended);
      expect(await conversation.submit({ type: 'shell', command: 'echo hello' })).toEqual({
        ok: true,
      });
      expect(conversation.busy).toBe(true);
      // The busy rules of a turn: no prompt and no second command until it ends.
      expect(await conversation.submit({ type: 'prompt', text: 'hi' })).toEqual({
        ok: false,
        reason: 'a turn is running; steer it or interrupt it',
      });
      expect(await conversation.submit({ type: 'shell', command: 'ls' })).toEqual({
        ok: false,
        reason: 'a turn is running; interrupt it first',
      });
      await done;
      expect(seen.events[0]).toEqual({ type: 'turn_started', shell: 'echo hello' });
      expect(seen.events.at(-1)).toEqual({
        type: 'turn_ended',
        result: { reason: 'done', messages: [] },
      });
      const end = seen.loop().find((event) => event.type === 'tool_end');
      expect(end).toMatchObject({
        activity: { name: 'run_shell', status: 'ok', summary: 'exit code 0' },
        result: { output: 'hello' },
      });
      expect(conversation.busy).toBe(false);
      expect(box.server.requests).toHaveLength(0);

      done = seen.until(ended);
      await conversation.submit({ type: 'prompt', text: 'what did it say?' });
      await done;
      const sent = box.server.requests[0]!.body.messages as Array<{
        role: string;
        content: unknown;
      }>;
      expect(JSON.stringify(sent)).toContain(
        'I ran this shell command in the workspace myself:\\n$ echo hello\\nhello',
      );

      const saved = await openSavedSession(conversation.session.sessionFile!);
      const users = saved.events.flatMap((event) => (event.type === 'user' ? [event] : []));
      expect(users[0]).toMatchObject({ display: '!echo hello' });
    } finally {
      await conversation.close();
    }
  });

  it('an interrupt kills the running command: its turn ends interrupted', async () => {
    box.server = await startOpenAIChatServer([]);
    const seen = recorder();
    const conversation = await open({ onEvent: seen.listener });
    try {
      const output = seen.until(
        (event) => event.type === 'runtime' && event.event.type === 'tool_update',
      );
      const done = seen.until(ended);
      await conversation.submit({ type: 'shell', command: 'echo started; sleep 30' });
      await output;
      await conversation.submit({ type: 'interrupt' });
      await done;
      expect(seen.events.at(-1)).toMatchObject({
        type: 'turn_ended',
        result: { reason: 'interrupted' },
      });
      const end = seen.loop().find((event) => event.type === 'tool_end');
      expect(end).toMatchObject({ activity: { status: 'interrupted' } });
      expect(conversation.busy).toBe(false);
    } finally {
      await conversation.close();
    }
  });

  it('refuses an empty command', async () => {
    box.server = await startOpenAIChatServer([]);
    const conversation = await open();
    try {
      expect(await conversation.submit({ type: 'shell', command: '  ' })).toEqual({
        ok: false,
        reason: 'the command is empty',
      });
    } finally {
      await conversation.close();
    }
  });
});
