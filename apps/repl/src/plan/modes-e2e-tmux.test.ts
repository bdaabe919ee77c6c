import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer, type RecordedRequest } from '@agent/testkit';
import { replTmuxBed } from '../../test/support/repl-tmux-bed';

const bed = replTmuxBed('modes', { session: 'modes' });
const { driver, keys, typeText, waitFor } = bed;

function toolMessage(request: RecordedRequest | undefined, id: string): string {
  const messages = (request?.body?.messages ?? []) as Array<Record<string, unknown>>;
  return String(messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content);
}

/** The parsed arguments of call `id` as `request` carried it. */
function callArguments(request: RecordedRequest | undefined, id: string): unknown {
  const messages = (request?.body?.messages ?? []) as Array<{
    tool_calls?: Array<{ id: string; function: { arguments: string } }>;
  }>;
  const found = messages.flatMap((m) => m.tool_calls ?? []).find((c) => c.id === id);
  return found && JSON.parse(found.function.arguments);
}

function offered(request: RecordedRequest | undefined): string[] {
  return ((request?.body?.tools ?? []) as Array<{ function: { name: string } }>).map(
    (tool) => tool.function.name,
  );
}

const questions = {
  questions: [
    { question: 'Which greeting should it print?', options: ['Hello', 'Hi'] },
    { question: 'Where should it live?', options: ['src/greet.ts', 'greet.ts'] },
  ],
};
const FIRST_PLAN = '# Greeting plan\n\n1. Write `src/greet.ts` printing Hello.';
const SECOND_PLAN =
  '# Greeting plan, revised\n\n1. Write `src/greet.ts` printing Hello.\n2. Errors: report a failed write in `README.md`.';

describe('modes end to end in tmux (issue 24)', () => {
  it('Shift+Tab cycles the three modes; in accept edits an edit runs without a card and a .mcp.json write still asks', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      {
        toolCalls: [
          { id: 'w1', name: 'write_file', arguments: { path: 'notes.md', content: 'ok\n' } },
        ],
      },
      {
        toolCalls: [
          { id: 'w2', name: 'write_file', arguments: { path: '.mcp.json', content: '{}\n' } },
        ],
      },
      { text: 'Left .mcp.json alone.' },
    ]));
    bed.launch({ cols: 100, rows: 30 });
    await waitFor('default mode');
    keys('BTab');
    await waitFor('accept edits mode');
    keys('BTab');
    await waitFor('plan mode');
    keys('BTab');
    await waitFor('default mode');
    keys('BTab');
    await waitFor('accept edits mode');
    typeText('write the notes, then the server list');
    keys('Enter');
    const card = await waitFor('Allow running?');
    expect(card).toContain('.mcp.json');
    expect(readFileSync(path.join(bed.workspace, 'notes.md'), 'utf8')).toBe('ok\n');
    typeText('n');
    keys('Enter');
    await waitFor('Left .mcp.json alone.');
    expect(existsSync(path.join(bed.workspace, '.mcp.json'))).toBe(false);
    expect(toolMessage(server.requests[1], 'w1')).toMatch(/wrote|created/i);
    expect(toolMessage(server.requests[2], 'w2')).toContain('The person denied');
  });

  it('plan mode: two questions, a plan sent back with a note, a second plan approved with accept edits, edits without cards; resumed, the next request carries it all', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      {
        text: 'Two decisions first.',
        toolCalls: [{ id: 'ask', name: 'ask_user', arguments: questions }],
      },
      { toolCalls: [{ id: 'plan1', name: 'present_plan', arguments: { plan: FIRST_PLAN } }] },
      { toolCalls: [{ id: 'plan2', name: 'present_plan', arguments: { plan: SECOND_PLAN } }] },
      {
        toolCalls: [
          {
            id: 'e1',
            name: 'write_file',
            arguments: { path: 'src/greet.ts', content: "console.log('Hello');\n" },
          },
          {
            id: 'e2',
            name: 'write_file',
            arguments: { path: 'README.md', content: 'Errors are reported.\n' },
          },
        ],
      },
      { text: 'Done as planned.' },
      { text: 'The plan was the revised greeting plan.' },
    ]));
    bed.launch({ cols: 100, rows: 32 }, '--mode', 'plan');
    await waitFor('plan mode');
    typeText('add a greeting');
    keys('Enter');
    await waitFor('Question 1 of 2');
    keys('Enter');
    await waitFor('Question 2 of 2');
    keys('Enter');
    let screen = await waitFor('Approve, and accept edits');
    expect(screen).toContain('Greeting plan');
    typeText('keep planning: also cover errors');
    await waitFor('keep planning: also cover errors▏');
    keys('Enter');
    screen = await waitFor('Greeting plan, revised');
    expect(screen).toContain('↻ Plan sent back to keep planning');
    await waitFor('❯ 1) Approve, and accept edits');
    keys('Enter');
    screen = await waitFor('Done as planned.');
    await waitFor('accept edits mode');
    expect(screen).toContain('✓ Plan approved · accept edits');
    expect(screen).not.toContain('Allow editing?');
    expect(readFileSync(path.join(bed.workspace, 'src/greet.ts'), 'utf8')).toContain('Hello');
    expect(readFileSync(path.join(bed.workspace, 'README.md'), 'utf8')).toBe(
      'Errors are reported.\n',
    );
    // Plan mode offered no edit tools; after the approval the same turn's request did.
    expect(offered(server.requests[0])).not.toContain('write_file');
    expect(offered(server.requests[0])).toContain('present_plan');
    expect(offered(server.requests[3])).toContain('write_file');
    expect(toolMessage(server.requests[2], 'plan1')).toContain('keep planning: also cover errors');

    typeText('/quit');
    keys('Enter');
    await waitFor('--resume');
    driver.kill();

    bed.launch({ cols: 100, rows: 32 }, '--continue');
    screen = await waitFor('Resumed session');
    expect(screen).toContain('✓ Plan approved · accept edits · Greeting plan, revised');
    // It continues in the mode it was saved in: the approval's.
    await waitFor('accept edits mode');
    typeText('what was the plan?');
    keys('Enter');
    await waitFor('The plan was the revised greeting plan.');
    const resumed = JSON.stringify(server.requests[5]?.body?.messages ?? []);
    expect(callArguments(server.requests[5], 'plan2')).toEqual({ plan: SECOND_PLAN });
    expect(resumed).toContain('Their note: keep planning: also cover errors');
    expect(resumed).toContain('The person approved the plan');
    expect(toolMessage(server.requests[5], 'ask')).toContain('"answers":["Hello","src/greet.ts"]');
    expect(server.remaining()).toBe(0);
  });

  it('a plan whose card was open when the terminal closed is shown again by --continue, in plan mode', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'plan1', name: 'present_plan', arguments: { plan: FIRST_PLAN } }] },
      {
        toolCalls: [
          {
            id: 'e1',
            name: 'write_file',
            arguments: { path: 'src/greet.ts', content: "console.log('Hello');\n" },
          },
        ],
      },
      { text: 'Done as planned.' },
    ]));
    bed.launch({ cols: 100, rows: 32 }, '--mode', 'plan');
    await waitFor('plan mode');
    typeText('add a greeting');
    keys('Enter');
    await waitFor('Approve, and accept edits');
    // The terminal goes away (SIGHUP) with the card open.
    driver.kill();

    bed.launch({ cols: 100, rows: 32 }, '--continue');
    let screen = await waitFor('Approve, and accept edits');
    expect(screen).toContain('a questionnaire or a plan waited for you');
    // Offered again only because the session came back in plan mode.
    expect(screen).toContain('1. Write src/greet.ts printing Hello.');
    keys('Enter');
    screen = await waitFor('Done as planned.');
    await waitFor('accept edits mode');
    expect(screen).toContain('✓ Plan approved · accept edits');
    expect(readFileSync(path.join(bed.workspace, 'src/greet.ts'), 'utf8')).toContain('Hello');
    expect(toolMessage(server.requests[1], 'plan1')).toContain('The person approved the plan');
    expect(server.remaining()).toBe(0);
  });
});
