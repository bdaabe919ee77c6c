import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from '../../test/harness';

const FIXTURE = path.join(__dirname, '..', '..', 'test', 'support', 'form-on-trigger-server.mjs');

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The file's text once it holds `text`, or what it holds after 20 s. */
async function fileShows(file: string, text: string): Promise<string> {
  const until = Date.now() + 20_000;
  let now = read(file);
  while (!now.includes(text) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 15));
    now = read(file);
  }
  return now;
}

// The server is a node process of its own that loads the MCP SDK: on a busy machine it takes
// seconds to start, so the waits are guards against a hang, far above that.
jest.setTimeout(90_000);

describe("an MCP server's form on the REPL screen (real MCP server, real blessed screen)", () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('shows escapes, bidi and zero-width characters of its message and field title as notation', async () => {
    h = new Harness(200, 30);
    const files = {
      trigger: path.join(h.home, 'trigger'),
      results: path.join(h.home, 'results.jsonl'),
      delivered: path.join(h.home, 'delivered'),
    };
    writeFileSync(
      path.join(h.home, 'config.json'),
      JSON.stringify({
        mcpServers: {
          deploy: {
            command: process.execPath,
            args: [FIXTURE, files.trigger, files.results, files.delivered],
          },
        },
      }),
    );
    const titles: string[] = [];
    h.term.onTitleChange((title) => titles.push(title));
    // Clears the screen, sets the window title, reverses what follows, hides a character.
    const hidden = '\x1b[2J\x1b]0;pwned\x07\u202eevil\u200b';
    const shown = '\\x1b[2J\\x1b]0;pwned\\x07\\u202eevil\\u200b';
    await h.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    writeFileSync(
      files.trigger,
      JSON.stringify({ message: `Deploy ${hidden}?`, title: `Target ${hidden}` }),
    );
    await h.waitForText(`MCP server deploy asks: Deploy ${shown}?`, 60_000);
    const screen = await h.waitForText(`Target ${shown}`, 20_000);
    expect(screen).toContain('Question 1 of 1');
    expect(titles.filter((title) => title.includes('pwned'))).toEqual([]);
    // The server notes the delivery after a ping that follows the form: it may land after the paint.
    expect(await fileShows(files.delivered, 'delivered 1')).toContain('delivered 1');
  });
});
