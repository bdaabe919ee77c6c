import { ASK_USER_GUIDANCE } from '@agent/askuser';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import type { ProviderRequest } from '@agent/llm';
import { AS_OPENAI_CHAT, Harness } from '../../test/harness';

const ENTER = '\r';

describe('a subagent started from the REPL never advertises ask_user (end to end)', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('the subagent request has no ask_user and no guidance; a call it makes anyway opens no card', async () => {
    const question = { questions: [{ question: 'Which database?', options: ['A', 'B'] }] };
    const provider = new ScriptedProvider<ProviderRequest>(
      [
        reply(
          '',
          call('call_task', 'task', {
            description: 'look around',
            prompt: 'Find the entry point.',
          }),
        ),
        reply('', call('sub_ask', 'ask_user', question)),
        reply('The entry point is main.ts.'),
        reply('Delegated and done.'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider);
    await h.type('explore the code');
    h.send(ENTER);
    await h.waitForText('Delegated and done.', 15_000);
    const [primary, sub, subAfter] = provider.requests;
    expect(primary!.tools.map((t) => t.name)).toContain('ask_user');
    expect(primary!.system).toContain(ASK_USER_GUIDANCE);
    expect(sub!.tools.map((t) => t.name)).not.toContain('ask_user');
    expect(sub!.system).not.toContain(ASK_USER_GUIDANCE);
    expect(sub!.system).not.toContain('ask_user');
    const refused = subAfter!.messages
      .flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))
      .find((c) => c.id === 'sub_ask');
    expect(refused?.status).toBe('error');
    expect(refused?.output).toMatch(/Unknown tool "ask_user"/);
    const screen = await h.screen();
    expect(screen).not.toContain('Question 1 of 1');
    expect(h.repl.app.modals.active).toBeUndefined();
  });
});
