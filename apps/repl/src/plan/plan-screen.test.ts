import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProviderRequest } from '@agent/llm';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from '../../test/harness';

const ENTER = '\r';
const DOWN = '\x1b[B';
const UP = '\x1b[A';
const SHIFT_TAB = '\x1b[Z';
const PAGE_DOWN = '\x1b[6~';

/** A plan longer than the screen, with text that would be markup if it were interpreted. */
const LONG_PLAN = [
  '# Greeting plan',
  '',
  'Shown as typed: {red-fg}not red{/red-fg} and \x1b[2Jno clear.',
  '',
  ...Array.from({ length: 40 }, (_, i) => `${i + 1}. Step number ${i + 1}`),
].join('\n');

/** The output the model got for call `id` in `request`. */
function resultOf(request: ProviderRequest | undefined, id: string): string | undefined {
  for (const message of request?.messages ?? []) {
    if (message.role !== 'assistant') continue;
    const found = message.toolCalls.find((c) => c.id === id);
    if (found) return found.retainedOutput ?? found.output;
  }
  return undefined;
}

function toolNames(request: ProviderRequest | undefined): string[] {
  return (request?.tools ?? []).map((tool) => tool.name);
}

describe('modes on the REPL screen', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('Shift+Tab on the prompt cycles default, accept edits and plan in the status line', async () => {
    h = await new Harness().start(new ScriptedProvider([], AS_OPENAI_CHAT));
    await h.waitForText('default mode');
    h.send(SHIFT_TAB);
    await h.waitForText('accept edits mode');
    expect(h.repl.core.agentMode).toBe('accept-edits');
    h.send(SHIFT_TAB);
    await h.waitForText('plan mode');
    h.send(SHIFT_TAB);
    await h.waitForText('default mode');
    expect(h.repl.core.agentMode).toBe('default');
  });

  it('--mode plan shows the whole plan on a scrollable card; a note keeps planning, approval switches the mode', async () => {
    const provider = new ScriptedProvider(
      [
        reply('', call('p1', 'present_plan', { plan: LONG_PLAN })),
        reply('', call('p2', 'present_plan', { plan: '# Second plan\n\n- write `hello.txt`' })),
        reply('', call('w1', 'write_file', { path: 'hello.txt', content: 'hi\n' })),
        reply('Done as planned.'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(80, 24).start(provider, { mode: 'plan' });
    await h.waitForText('plan mode');
    await h.type('add a greeting');
    h.send(ENTER);
    const card = await h.waitForText('Approve, and accept edits');
    expect(card).toContain('Greeting plan');
    expect(card).toContain('{red-fg}not red{/red-fg}');
    expect(card).toMatch(/Plan · 1-\d+ of \d+ lines · PgUp\/PgDn scroll/);
    expect(card).toContain('Approve, and ask before each edit');
    expect(card).toContain('Keep planning: type a note for the model');
    expect(card).not.toMatch(/Running present_plan|Ran present_plan/);
    // Up moves the selection (wrapping), the mode stays.
    h.send(UP);
    await h.waitForText('❯ 3) Keep planning');
    expect(h.repl.core.agentMode).toBe('plan');
    h.send(PAGE_DOWN);
    await h.waitForText('Step number 21');
    h.send(PAGE_DOWN.repeat(3));
    const end = await h.waitForText('Step number 40');
    expect(end).not.toContain('Greeting plan');
    // Typing goes to the note; Enter sends the plan back with it.
    await h.type('also cover errors');
    await h.waitForText('also cover errors▏');
    h.send(ENTER);
    const second = await h.waitForText('Second plan');
    expect(second).toContain('↻ Plan sent back to keep planning');
    expect(resultOf(provider.requests[1], 'p1')).toContain('Their note: also cover errors');
    await h.waitForText('❯ 1) Approve, and accept edits');
    h.send(ENTER);
    await h.waitForText('Done as planned.');
    const done = await h.waitForText('accept edits mode');
    expect(done).toContain('✓ Plan approved · accept edits · Second plan');
    expect(toolNames(provider.requests[2])).toContain('write_file');
    expect(toolNames(provider.requests[2])).not.toContain('present_plan');
    // The edit ran without a card: accept edits.
    expect(readFileSync(path.join(h.workspace, 'hello.txt'), 'utf8')).toBe('hi\n');
    expect(done).not.toContain('Allow editing?');
  });

  it('in accept edits an edit runs without a card, and a .mcp.json write still asks', async () => {
    const provider = new ScriptedProvider(
      [
        reply('', call('w1', 'write_file', { path: 'notes.md', content: 'fine\n' })),
        reply('', call('w2', 'write_file', { path: '.mcp.json', content: '{}\n' })),
        reply('Stopped.'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider, { mode: 'accept-edits' });
    await h.waitForText('accept edits mode');
    await h.type('write both');
    h.send(ENTER);
    const card = await h.waitForText('Allow running?');
    expect(card).toContain('.mcp.json');
    expect(readFileSync(path.join(h.workspace, 'notes.md'), 'utf8')).toBe('fine\n');
    h.send(DOWN.repeat(5));
    await h.waitForText('❯ n)');
    h.send(ENTER);
    await h.waitForText('Stopped.');
    expect(existsSync(path.join(h.workspace, '.mcp.json'))).toBe(false);
  });

  it('the offline demo provider shows plan mode: questions, a plan, a note, approval, an edit', async () => {
    h = await new Harness(90, 30).start(undefined, { mode: 'plan' });
    await h.waitForText('plan mode');
    await h.type('add an example');
    h.send(ENTER);
    await h.waitForText('Question 1 of 2');
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    h.send(ENTER);
    const first = await h.waitForText('Approve, and accept edits');
    expect(first).toContain('Decisions: TypeScript, Unit tests only.');
    await h.type('cover errors too');
    h.send(ENTER);
    await h.waitForText('From your note: cover errors too');
    await h.waitForText('❯ 1) Approve, and accept edits');
    h.send(ENTER);
    const done = await h.waitForText('Done as planned');
    expect(done).not.toContain('Allow editing?');
    expect(readFileSync(path.join(h.workspace, 'demo-notes.md'), 'utf8')).toContain(
      'From your note: cover errors too',
    );
    expect(h.repl.core.agentMode).toBe('accept-edits');
  });
});
