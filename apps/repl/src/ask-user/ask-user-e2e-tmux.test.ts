import { startOpenAIChatServer, type FakeServer, type RecordedRequest } from '@agent/testkit';
import { replTmuxBed } from '../../test/support/repl-tmux-bed';

const bed = replTmuxBed('ask-e2e', { session: 'ask', scope: 'file' });
const { driver, keys, typeText, waitFor } = bed;
const tmux = (...args: string[]): string => driver.run(...args);
const capture = (): string => driver.capture('ask');

/** The content of the Chat Completions `tool` message answering `id`. */
function toolMessage(request: RecordedRequest | undefined, id: string): unknown {
  const messages = (request?.body?.messages ?? []) as Array<Record<string, unknown>>;
  return messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content;
}

function toolCallArguments(request: RecordedRequest | undefined, id: string): unknown {
  const messages = (request?.body?.messages ?? []) as Array<{ tool_calls?: any[] }>;
  const call = messages.flatMap((m) => m.tool_calls ?? []).find((c) => c.id === id);
  return call ? JSON.parse(call.function.arguments) : undefined;
}

const design = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL', 'gRPC'] },
  ],
};

const deployment = {
  questions: [
    { question: 'Where should it run?', options: ['Fly.io', 'AWS', 'Bare metal'] },
    { question: 'Enable autoscaling?', options: ['Yes', 'No'] },
  ],
};

describe('ask_user end to end in tmux against the openai-chat fake (issue 6)', () => {
  let server: FakeServer;

  beforeAll(async () => {
    server = bed.server = await startOpenAIChatServer([
      {
        text: 'Two decisions first.',
        toolCalls: [{ id: 'call_design', name: 'ask_user', arguments: design }],
      },
      {
        text: 'Now the deployment.',
        toolCalls: [{ id: 'call_deploy', name: 'ask_user', arguments: deployment }],
      },
      { text: 'Proceeding with Fly.io and my own autoscaling default.' },
      { text: 'Still SQLite, as you chose.' },
      { text: 'JSON-RPC over WebSockets, as you typed.' },
    ]);
  });

  it('answers one card with Down+Enter and a typed answer, cancels the next with Esc; exact results survive later prompts and a restart (tool history off)', async () => {
    bed.launch({ cols: 90, rows: 32 }, '--tool-history', 'off');
    await waitFor('openai-chat/fake-model');
    typeText('plan the service');
    keys('Enter');

    const first = await waitFor('Question 1 of 2');
    expect(first).toContain('Which database should the service use?');
    expect(first).toContain('❯ 1. PostgreSQL (recommended)');
    expect(server.requests[0]!.body.tools.map((t: any) => t.function.name)).toContain('ask_user');
    keys('Down');
    await waitFor('❯ 2. SQLite');
    keys('Enter');
    await waitFor('Question 2 of 2');
    typeText('JSON-RPC over WebSockets');
    await waitFor('Type your answer: JSON-RPC over WebSockets');
    keys('Enter');

    await waitFor('Where should it run?');
    expect(toolMessage(server.requests[1], 'call_design')).toBe(
      '{"answers":["SQLite","JSON-RPC over WebSockets"],"cancelled":false}',
    );
    keys('Enter');
    await waitFor('Enable autoscaling?');
    keys('Escape');

    const end = await waitFor('Proceeding with Fly.io and my own autoscaling default.');
    expect(toolMessage(server.requests[2], 'call_deploy')).toBe(
      '{"answers":["Fly.io"],"cancelled":true}',
    );
    expect(toolMessage(server.requests[2], 'call_design')).toBe(
      '{"answers":["SQLite","JSON-RPC over WebSockets"],"cancelled":false}',
    );
    expect(toolCallArguments(server.requests[2], 'call_design')).toEqual(design);
    expect(end).toContain('✓ Questionnaire: 2 answers');
    expect(end).toContain('→ JSON-RPC over WebSockets (typed)');
    expect(end).toContain('⊘ Questionnaire cancelled after 1 of 2');
    expect(end).not.toMatch(/Running ask|Ran ask/);
    expect(end).not.toContain('■ Stopped');
    await waitFor('· ready');

    typeText('which database again?');
    keys('Enter');
    await waitFor('Still SQLite, as you chose.');
    const later = server.requests[3];
    expect(toolCallArguments(later, 'call_design')).toEqual(design);
    expect(toolCallArguments(later, 'call_deploy')).toEqual(deployment);
    expect(toolMessage(later, 'call_design')).toBe(
      '{"answers":["SQLite","JSON-RPC over WebSockets"],"cancelled":false}',
    );
    expect(toolMessage(later, 'call_deploy')).toBe('{"answers":["Fly.io"],"cancelled":true}');

    await waitFor('· ready');
    keys('C-c');
    await waitFor('Ctrl+C again');
    keys('C-c');
    const until = Date.now() + 10000;
    while (Date.now() < until && capture().includes('ready')) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    tmux('kill-session', '-t', 'ask');
    bed.launch({ cols: 90, rows: 32 }, '--tool-history', 'off', '--continue');
    const replayed = await waitFor('Resumed session');
    expect(replayed).toContain('✓ Questionnaire: 2 answers');
    expect(replayed).toContain('⊘ Questionnaire cancelled after 1 of 2');
    expect(replayed).not.toContain('Question 1 of 2');
    typeText('and the API?');
    keys('Enter');
    await waitFor('JSON-RPC over WebSockets, as you typed.');
    const resumed = server.requests[4];
    expect(toolCallArguments(resumed, 'call_design')).toEqual(design);
    expect(toolMessage(resumed, 'call_design')).toBe(
      '{"answers":["SQLite","JSON-RPC over WebSockets"],"cancelled":false}',
    );
    expect(toolCallArguments(resumed, 'call_deploy')).toEqual(deployment);
    expect(toolMessage(resumed, 'call_deploy')).toBe('{"answers":["Fly.io"],"cancelled":true}');
    expect(server.remaining()).toBe(0);
  });
});
