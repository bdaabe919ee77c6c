import { ASK_USER_GUIDANCE } from '@agent/askuser';
import type { ToolActivity } from '@agent/llm';
import { SessionWriter } from '@agent/session';
import { call as callOf, reply, ScriptedProvider } from '@agent/llm/testing';
import type { ProviderRequest } from '@agent/llm';
import { AS_OPENAI_CHAT, Harness } from '../../test/harness';

// The first card of the file waits for the agent's modules; a busy machine is slow.
jest.setTimeout(60_000);

const ENTER = '\r';
const DOWN = '\x1b[B';
const UP = '\x1b[A';
const PAGE_UP = '\x1b[5~';
const PAGE_DOWN = '\x1b[6~';
const SHIFT_TAB = '\x1b[Z';

/** A valid card at the maximum sizes: a 1,000-character question, six 300-character options. */
function maximumCard() {
  const words = (seed: string, chars: number) => {
    let out = '';
    for (let i = 0; out.length < chars; i++) out += `${seed}${i} `;
    return out.slice(0, chars - 1) + 'Z';
  };
  return {
    questions: [
      {
        question: `QSTART ${words('q', 1000 - 7)}`,
        options: Array.from({ length: 6 }, (_, i) => `OPT${i + 1} ${words(`o${i + 1}w`, 295)}`),
      },
    ],
  };
}

describe('a tall card is laid out for the screen height', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  for (const [cols, rows] of [
    [80, 24],
    [40, 16],
  ] as const) {
    it(`at ${cols}x${rows}: header, question start and the selected row stay visible on every row, after PageUp too`, async () => {
      const provider = new ScriptedProvider<ProviderRequest>(
        [reply('', callOf('c1', 'ask_user', maximumCard())), reply('card answered')],
        AS_OPENAI_CHAT,
      );
      h = await new Harness(cols, rows).start(provider);
      await h.type('go');
      h.send(ENTER);
      let screen = await h.waitForText('Question 1 of 1', 15_000);
      const visible = (s: string, row: number) => {
        expect(s).toContain('Question 1 of 1');
        expect(s).toContain('QSTART');
        expect(s).toContain(row === 7 ? `❯ 7. Type your answer` : `❯ ${row}. OPT${row}`);
      };
      visible(screen, 1);
      for (let row = 2; row <= 7; row++) {
        h.send(DOWN);
        screen = await h.waitForText(`❯ ${row}. `);
        visible(screen, row);
      }
      // PageUp, then moving on: the card comes back into view with its selection.
      h.send(PAGE_UP);
      h.send(PAGE_UP);
      h.send(UP);
      screen = await h.waitForText('❯ 6. OPT6');
      visible(screen, 6);
      h.send(ENTER);
      await h.waitForText('card answered');
    });
  }

  it('at 40x16 a selected option taller than the card scrolls inside it to its end (PageUp/PageDown); the hint keeps Esc (issue 25)', async () => {
    const card = maximumCard();
    const provider = new ScriptedProvider<ProviderRequest>(
      [reply('', callOf('c1', 'ask_user', card)), reply('ok')],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(40, 16).start(provider);
    await h.type('go');
    h.send(ENTER);
    let screen = await h.waitForText('Question 1 of 1');
    for (let row = 1; row <= 6; row++) {
      if (row > 1) {
        h.send(DOWN);
        screen = await h.waitForText(`❯ ${row}. `);
      }
      const option = card.questions[0]!.options[row - 1]!;
      const words = option.split(' ');
      const flat = (s: string) => s.replace(/[│\s]+/g, ' ');
      expect(flat(screen)).toContain(`❯ ${row}. ${words.slice(0, 3).join(' ')}`);
      expect(screen).toContain('│ Esc cancel');
      // Too tall for the card: PageDown scrolls through it inside the card, to its end.
      h.send(PAGE_DOWN);
      h.send(PAGE_DOWN);
      screen = await h.waitFor(
        (s) => flat(s).includes(words.slice(-3).join(' ')),
        `the end of option ${row}`,
      );
      expect(screen).toContain('Question 1 of 1');
      expect(screen).toContain('│ Esc cancel');
      h.send(PAGE_UP);
      h.send(PAGE_UP);
      await h.waitFor((s) => flat(s).includes(`❯ ${row}. ${words.slice(0, 3).join(' ')}`), 'back');
    }
    h.send(ENTER);
    // The reply's own row: 'ok' may stand in the workspace's random name.
    await h.waitFor((s) => s.split('\n').includes('ok'), 'the reply');
  });

  it('at 40x16 a cut selected option is marked where it is cut, and PageDown keeps the selection marked (issue 36 item 8)', async () => {
    const long = Array.from({ length: 70 }, (_, i) => `w${i}`).join(' ') + ' LASTWORD';
    const provider = new ScriptedProvider<ProviderRequest>(
      [
        reply(
          '',
          callOf('c1', 'ask_user', {
            questions: [{ question: 'Pick one', options: [long, 'short'] }],
          }),
        ),
        reply('ok'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(40, 16).start(provider);
    await h.type('go');
    h.send(ENTER);
    const first = await h.waitForText('Question 1 of 1');
    expect(first).toContain('❯ 1. w0');
    expect(first).toMatch(/│ {3}↓ /);
    expect(first).not.toContain('LASTWORD');
    h.send(PAGE_DOWN);
    h.send(PAGE_DOWN);
    const end = await h.waitForText('LASTWORD');
    // The first row of the option is scrolled away: its row now starts with the selection mark.
    expect(end).toMatch(/│ ❯ ↑ /);
    expect(end).toContain('│ Esc cancel');
  });

  it('PageDown scrolls a question too tall for the card, inside the card', async () => {
    const provider = new ScriptedProvider<ProviderRequest>(
      [reply('', callOf('c1', 'ask_user', maximumCard())), reply('ok')],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(40, 16).start(provider);
    await h.type('go');
    h.send(ENTER);
    const first = await h.waitForText('Question 1 of 1');
    expect(first).toContain('QSTART');
    // On the one-row free-form row (a tall selected option would scroll first).
    h.send(UP);
    await h.waitForText('❯ 7. Type your answer');
    h.send(PAGE_DOWN);
    const scrolled = await h.waitFor((s) => !s.includes('QSTART'), 'the question scrolled');
    expect(scrolled).toContain('Question 1 of 1');
    expect(scrolled).toContain('❯ 7. Type your answer');
    h.send(PAGE_UP);
    await h.waitForText('QSTART');
  });
});

describe('going back on the REPL screen', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('Shift+Tab returns to the previous question with its answer selected', async () => {
    const provider = new ScriptedProvider<ProviderRequest>(
      [
        reply(
          '',
          callOf('c1', 'ask_user', {
            questions: [
              { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
              { question: 'Which API style?', options: ['REST', 'GraphQL'] },
            ],
          }),
        ),
        reply('noted'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider);
    await h.type('go');
    h.send(ENTER);
    await h.waitForText('Question 1 of 2');
    h.send(DOWN);
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    h.send(SHIFT_TAB);
    const back = await h.waitForText('Question 1 of 2');
    expect(back).toContain('❯ 2. SQLite');
    h.send(UP);
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    h.send(ENTER);
    await h.waitForText('noted');
    const request = provider.requests[1]!;
    const call = request.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))[0]!;
    expect(call.retainedOutput ?? call.output).toBe(
      '{"answers":["PostgreSQL","REST"],"cancelled":false}',
    );
  });
});

describe('--max-ask-user 0', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('removes the tool and its guidance from the request; an earlier call still replays', async () => {
    h = new Harness();
    const writer = await SessionWriter.create({
      agentHome: h.home,
      cwd: h.workspace,
      provider: 'openai-chat',
      model: 'scripted-model',
    });
    const call: ToolActivity = {
      id: 'c0',
      name: 'ask_user',
      input: { questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }] },
      status: 'pending',
      summary: '',
    };
    writer.recordUser('earlier');
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: { role: 'assistant', text: '', toolCalls: [call] },
    });
    writer.recordLoopEvent({
      type: 'tool_end',
      activity: {
        ...call,
        status: 'ok',
        summary: '1 answer',
        retainedOutput: '{"answers":["SQLite"],"cancelled":false}',
      },
      result: { output: '' },
    });
    await writer.close();
    const provider = new ScriptedProvider<ProviderRequest>(
      [reply('no questions asked')],
      AS_OPENAI_CHAT,
    );
    await h.start(provider, { maxAskUser: 0, continue: true });
    const replayed = await h.waitForText('Resumed session', 15_000);
    expect(replayed).toContain('✓ Questionnaire: 1 answer');
    expect(replayed).toContain('→ SQLite');
    expect(h.repl.core.registry.get('ask_user')).toBeUndefined();
    expect(h.repl.core.system).not.toContain(ASK_USER_GUIDANCE);
    expect(h.repl.core.system).not.toContain('ask_user');
    await h.type('hello');
    h.send(ENTER);
    await h.waitForText('no questions asked');
    const request = provider.requests[0]!;
    expect(request.tools.map((t) => t.name)).not.toContain('ask_user');
    expect(request.system).not.toContain('ask_user');
    const earlier = request.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []));
    expect(earlier.map((c) => c.retainedOutput)).toEqual([
      '{"answers":["SQLite"],"cancelled":false}',
    ]);
  });
});
