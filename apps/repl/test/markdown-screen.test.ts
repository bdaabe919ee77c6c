import { ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';

describe('Markdown on a blessed screen', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('renders a streamed table as an aligned table, and links with their URL', async () => {
    const provider = new ScriptedProvider(
      [
        [
          { type: 'text_delta', text: 'Sizes:\n\n| File | Lines |\n|:--' },
          {
            type: 'text_delta',
            text: '--|---:|\n| main.ts | 42 |\n| 日本語.md | 1200 |\n\nSee [the ',
          },
          { type: 'text_delta', text: 'guide](https://example.test/guide) for **more**.\n' },
          { type: 'end', stopReason: 'stop' },
        ],
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider);
    await h.type('sizes?');
    h.send(ENTER);
    const screen = await h.waitForText('for more.');
    expect(screen).toContain(
      [
        '┌───────────┬───────┐',
        '│ File      │ Lines │',
        '├───────────┼───────┤',
        '│ main.ts   │    42 │',
        '│ 日本語.md │  1200 │',
        '└───────────┴───────┘',
      ].join('\n'),
    );
    expect(screen).toContain('See the guide (https://example.test/guide) for more.');
    expect(screen).not.toContain('|---');
  });
});
