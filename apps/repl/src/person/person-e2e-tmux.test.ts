import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type RecordedRequest, type ScriptedTurn } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from '../../test/support/tmux-driver';
import { occurrences } from '../../test/support/occurrences';

jest.setTimeout(120_000);

const FIXTURE = path.join(__dirname, '..', '..', 'test', 'support', 'form-on-trigger-server.mjs');
const FORM_MESSAGE = 'Where should the release go?';
const FORM_HEADER = `MCP server deploy asks: ${FORM_MESSAGE}`;

const driver = new TmuxDriver('person-e2e');
const keys = (...names: string[]): void => driver.keys('person', ...names);
const typeText = (text: string): void => driver.type('person', text);
const waitFor = (needle: string, ms?: number): Promise<string> =>
  driver.waitFor('person', needle, ms);

/** The content of the Chat Completions `tool` message answering `id`. */
function toolMessage(request: RecordedRequest | undefined, id: string): unknown {
  const messages = (request?.body?.messages ?? []) as Array<Record<string, unknown>>;
  return messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content;
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Polls `check` until it holds or `ms` pass; says whether it held. */
async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/** What each test started (tmux session, fake model, temp dirs), ended after it. */
const cleanups: Array<() => Promise<void>> = [];

/**
 * A REPL in tmux on the OpenAI-chat fake scripted with `turns`, with the form-on-trigger MCP
 * server configured as `deploy`; `trigger()` makes the server send its form.
 */
async function startRepl(turns: ScriptedTurn[]) {
  const model = await startOpenAIChatServer(turns);
  const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'person-e2e-home-')));
  const workspace = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'person-e2e-ws-')));
  const files = {
    trigger: path.join(home, 'trigger'),
    results: path.join(home, 'results.jsonl'),
    delivered: path.join(home, 'delivered'),
  };
  writeFileSync(
    path.join(home, 'config.json'),
    JSON.stringify({
      mcpServers: {
        deploy: {
          command: process.execPath,
          args: [FIXTURE, files.trigger, files.results, files.delivered],
        },
      },
    }),
  );
  let triggers = 0;
  const repl = {
    model,
    files,
    /** Makes the server send one form; resolves once it reached the REPL's handler. */
    async trigger(): Promise<void> {
      const n = ++triggers;
      writeFileSync(files.trigger, String(n));
      const delivered = await until(
        () => read(files.delivered).includes(`delivered ${n}\n`),
        20_000,
      );
      if (!delivered)
        throw new Error(`form ${n} never reached the REPL; ${driver.capture('person')}`);
    },
  };
  cleanups.push(async () => {
    try {
      driver.run('kill-session', '-t', 'person');
    } catch {
      // already gone
    }
    await model.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });
  driver.start('person', replAgainstFake({ serverUrl: model.url, agentHome: home, workspace }), {
    cols: 110,
    rows: 40,
  });
  await waitFor('openai-chat/fake-model');
  return repl;
}

describe('the person channel end to end in tmux, with a real MCP server sending forms', () => {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  afterAll(() => driver.kill());

  it("a server's form sent while a questionnaire is open appears only after it is answered, as the one card; both answers reach their callers exactly", async () => {
    const repl = await startRepl([
      {
        toolCalls: [
          {
            id: 'call_ask',
            name: 'ask_user',
            arguments: {
              questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
            },
          },
        ],
      },
      { text: 'SQLite it is.' },
    ]);
    typeText('set up the service');
    keys('Enter');
    await waitFor('Question 1 of 1', 20_000);

    await repl.trigger();
    // A key the questionnaire answers, painted after the form reached the REPL: the form waits.
    keys('Down');
    let screen = await waitFor('❯ 2. SQLite');
    expect(occurrences(screen, 'Question 1 of 1')).toBe(1);
    expect(screen).toContain('Which database?');
    expect(screen).not.toContain(FORM_MESSAGE);
    keys('Enter');

    screen = await waitFor(FORM_HEADER);
    expect(occurrences(screen, 'Question 1 of 1')).toBe(1);
    expect(screen).toContain('Target');
    await waitFor('SQLite it is.');
    expect(toolMessage(repl.model.requests[1], 'call_ask')).toBe(
      '{"answers":["SQLite"],"cancelled":false}',
    );
    expect(read(repl.files.results)).toBe('');

    typeText('staging');
    await waitFor('Type your answer: staging');
    keys('Enter');
    expect(await until(() => read(repl.files.results) !== '', 20_000)).toBe(true);
    expect(read(repl.files.results)).toBe('{"action":"accept","content":{"a":"staging"}}\n');
    await waitFor('· ready');
    expect(driver.capture('person')).not.toContain(FORM_HEADER);
    expect(repl.model.requests).toHaveLength(2);
  });

  it('a form sent while no tool runs, with the person typing, does not receive the typed text; the prompt still holds it', async () => {
    const repl = await startRepl([{ text: 'this turn must never be asked for' }]);
    typeText('deploy the hot');
    await waitFor('› deploy the hot');

    await repl.trigger();
    await waitFor(FORM_HEADER);
    typeText('fix to production now');
    const screen = await waitFor('› deploy the hotfix to production now');
    expect(screen).toContain('your typing goes to the prompt');
    expect(screen).toContain(FORM_HEADER);
    expect(screen).not.toMatch(/Type your answer: ?\S/);
    expect(read(repl.files.results)).toBe('');

    keys('Down'); // arms the card
    await waitFor('answer the card above');
    typeText('eu-west');
    await waitFor('Type your answer: eu-west');
    keys('Enter');
    expect(await until(() => read(repl.files.results) !== '', 20_000)).toBe(true);
    expect(read(repl.files.results)).toBe('{"action":"accept","content":{"a":"eu-west"}}\n');

    const after = await waitFor('› deploy the hotfix to production now');
    expect(after).not.toContain(FORM_HEADER);
    expect(after).toContain('MCP deploy: 1 question answered');
    expect(repl.model.requests).toHaveLength(0);
  });
});
