import type { ProviderRequest } from '@agent/llm';
import { call as callOf, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from '../../test/harness';

// The first card of the file waits for the agent's modules; a busy machine is slow.
jest.setTimeout(60_000);

const ENTER = '\r';
const DOWN = '\x1b[B';

/** What the demo provider asks. */
const QUESTIONS = [
  { question: 'Which language should the example use?', options: ['TypeScript', 'Python', 'Go'] },
  {
    question: 'How thorough should the tests be?',
    options: ['Unit tests only', 'Unit and integration tests'],
  },
];

const flat = (screen: string) => screen.replace(/[│\s]+/g, ' ');

describe('the ask_user card on a 30x10 terminal', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('shows the whole card on screen: border to border, the question in full, every option reached with Down', async () => {
    const provider = new ScriptedProvider<ProviderRequest>(
      [reply('', callOf('c1', 'ask_user', { questions: QUESTIONS })), reply('ANSWERED')],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(30, 10).start(provider);
    await h.type('go');
    h.send(ENTER);
    for (const [index, { question, options }] of QUESTIONS.entries()) {
      const header = new RegExp(`Question ${index + 1} of 2|Q${index + 1}/2 ·`);
      const labels = [...options, 'Type your answer'];
      let screen = await h.waitFor(
        (s) => header.test(s) && s.includes('❯ 1.'),
        `question ${index + 1}`,
      );
      for (const [row, label] of labels.entries()) {
        if (row > 0) {
          h.send(DOWN);
          screen = await h.waitForText(`❯ ${row + 1}. `);
        }
        const lines = screen.split('\n');
        const top = lines.findIndex((line) => line.startsWith('╭'));
        const bottom = lines.findIndex((line) => line.startsWith('╰'));
        // The card from its top border to its bottom one, above the input's separator.
        expect(top).toBeGreaterThanOrEqual(0);
        expect(bottom).toBeGreaterThan(top);
        expect(lines[bottom + 1]).toMatch(/^─+$/);
        expect(lines[top + 1]).toMatch(header);
        expect(flat(lines.slice(top, bottom).join('\n'))).toContain(question);
        expect(flat(screen)).toContain(`❯ ${row + 1}. ${label.split(' ')[0]}`);
      }
      // Back to the first option and choose it.
      h.send(DOWN);
      await h.waitForText('❯ 1. ');
      h.send(ENTER);
    }
    await h.waitFor((s) => s.split('\n').includes('ANSWERED'), 'the reply');
  });
});
