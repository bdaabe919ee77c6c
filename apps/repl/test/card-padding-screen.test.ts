import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const LONG = `Decisions: ${'a'.repeat(150)}, Unit tests only.`;

/** The rows of the open card between its top and bottom borders. */
function cardBody(screen: string): string[] {
  const rows = screen.split('\n');
  const top = rows.findIndex((row) => row.startsWith('╭'));
  const bottom = rows.findIndex((row, i) => i > top && row.startsWith('╰'));
  if (top < 0 || bottom < 0) throw new Error(`no card on screen:\n${screen}`);
  return rows.slice(top + 1, bottom);
}

/** Every row keeps a blank column inside each border, and the long text still reads whole. */
function expectPadded(body: string[], cols: number): void {
  for (const row of body) {
    expect(row).toHaveLength(cols);
    expect(row).toMatch(/^│ .* │$/);
  }
  const joined = body.map((row) => row.slice(1, -1).trim()).join('');
  expect(joined).toContain(LONG);
}

describe('cards keep text off their right border (trial: one column too many)', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('wraps a plan card body one column before the border', async () => {
    const provider = new ScriptedProvider(
      [reply('', call('p1', 'present_plan', { plan: `# Demo plan\n\n${LONG}\n\n1. Write it.` }))],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(80, 30).start(provider, { mode: 'plan' });
    await h.type('make a plan');
    h.send(ENTER);
    const body = cardBody(await h.waitForText('Approve, and accept edits'));
    expectPadded(body, 80);
    expect(body).toContain(`│  Decisions: ${'a'.repeat(64)} │`);
  });

  it('wraps the lines of an approval card diff one column before the border', async () => {
    const provider = new ScriptedProvider(
      [reply('', call('w1', 'write_file', { path: 'notes.md', content: `${LONG}\n` }))],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(80, 30).start(provider);
    await h.type('write notes');
    h.send(ENTER);
    const body = cardBody(await h.waitForText('Yes, allow once'));
    expectPadded(body, 80);
    expect(body).toContain(`│   1 + Decisions: ${'a'.repeat(59)} │`);
  });
});
