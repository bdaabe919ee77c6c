import fs from 'node:fs';
import path from 'node:path';
import { gatedServer, startOpenAIChatServer } from '@agent/testkit';
import type { PersonRequestKind } from '@agent/tools';
import { Conversation, openSavedSession, type ConversationEvent } from '../src';
import { pickTool, WHEN, WHICH } from './support/pick-tool';
import { fakeChoice, sessionBox } from './support/session-box';

jest.setTimeout(60_000);

const ALL: PersonRequestKind[] = ['approval', 'questionnaire', 'form', 'url', 'plan'];

function toolNames(body: Record<string, any>): string[] {
  return (body.tools ?? []).map((tool: { function: { name: string } }) => tool.function.name);
}

/** The first event of a conversation that `check` accepts, from now on. */
function next<T extends ConversationEvent>(
  conversation: Conversation,
  check: (event: ConversationEvent) => event is T,
): Promise<T> {
  return new Promise((resolve) => {
    const stop = conversation.subscribe((event) => {
      if (!check(event)) return;
      stop();
      resolve(event);
    });
  });
}

type Said<T extends ConversationEvent['type']> = ConversationEvent & { type: T };
const cardShown = (event: ConversationEvent): event is Said<'card_shown'> =>
  event.type === 'card_shown';
const callEnded = (event: ConversationEvent): event is Said<'runtime'> =>
  event.type === 'runtime' && event.event.type === 'tool_end';

describe('a resumed session with an open call, and MCP servers still connecting', () => {
  const box = sessionBox('rt-mcp-resume');
  const open = (extra: Partial<Parameters<typeof Conversation.open>[0]>) =>
    Conversation.open({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice(box.server!.url, box.home),
      extraTools: [pickTool],
      viewers: [{ name: 'a test', kinds: ALL }],
      ...extra,
    });

  /**
   * A session file left with the pick questionnaire open, written without MCP (so no tool list
   * of the server is remembered); then the server is configured behind a gate, held at its start.
   */
  async function crashedWithServerHeld() {
    const crashed = await open({ mcp: false });
    const shown = next(crashed, cardShown);
    await crashed.submit({ type: 'prompt', text: 'help me choose' });
    await shown;
    await crashed.session.flushSession();
    const file = crashed.session.sessionFile!;
    await crashed.close({ leaveQuestionsOpen: true });
    const script = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    const gated = gatedServer(box.home, [process.execPath, script, 'stdio']);
    fs.writeFileSync(
      path.join(box.home, 'config.json'),
      JSON.stringify({ mcpServers: { everything: gated.entry } }),
    );
    return { gated, resume: await openSavedSession(file) };
  }

  const answer = (conversation: Conversation, id: string) =>
    conversation.submit({
      type: 'answer',
      id,
      answer: { kind: 'questionnaire', result: { answers: ['b', 'later'], cancelled: false } },
    });

  it('offers the open call at once, and its next request waits for the servers and offers their tools', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_pick', name: 'pick', arguments: { questions: [WHICH, WHEN] } }] },
      { text: 'Noted both.' },
    ]);
    const { gated, resume } = await crashedWithServerHeld();
    const resumed = await open({ resume });
    try {
      const shown = next(resumed, cardShown);
      resumed.start();
      const { card } = await shown;
      // The card does not wait behind the server, which is still held at its start.
      expect(resumed.session.mcp!.servers()[0]!.state).not.toBe('connected');
      const ended = next(resumed, callEnded);
      expect(await answer(resumed, card.request.id)).toEqual({ ok: true });
      await ended;
      await gated.open();
      expect((await resumed.turn)?.reason).toBe('done');
      expect(box.server.requests).toHaveLength(2);
      expect(toolNames(box.server.requests[1]!.body)).toContain('mcp__everything__echo');
    } finally {
      await resumed.close();
    }
  });

  it('an interrupt while the continued turn waits for the servers ends it with no request sent', async () => {
    box.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_pick', name: 'pick', arguments: { questions: [WHICH, WHEN] } }] },
      { text: 'Noted both.' },
    ]);
    const { resume } = await crashedWithServerHeld();
    const resumed = await open({ resume });
    try {
      const shown = next(resumed, cardShown);
      resumed.start();
      const turn = resumed.turn!;
      const { card } = await shown;
      const ended = next(resumed, callEnded);
      await answer(resumed, card.request.id);
      await ended;
      // A round trip to the fake (a model listing, not recorded): a request sent at once is in.
      await fetch(`${box.server.url}/v1/models`);
      await resumed.submit({ type: 'interrupt' });
      expect((await turn).reason).toBe('interrupted');
      expect(box.server.requests).toHaveLength(1);
      expect(resumed.session.mcp!.servers()[0]!.state).not.toBe('connected');
    } finally {
      await resumed.close();
    }
  });
});
