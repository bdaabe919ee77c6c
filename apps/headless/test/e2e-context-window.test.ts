import fs from 'node:fs';
import path from 'node:path';
import {
  openAIChatProtocol,
  startFakeServer,
  writeLongSession,
  type FakeServer,
  type ScriptedTurn,
} from '@agent/testkit';
import { cliEnv, createSandbox, runCli, sessionEvents, type Sandbox } from './support/cli';

jest.setTimeout(120_000);

/** The local server's window: a long session is some 18k tokens, more than twice this. */
const WINDOW = 8192;
const SESSION = '2026-11-30T00-00-00-aaaa';

/** Summaries for every piece compaction may send, then the answer to the prompt. */
const SCRIPT: ScriptedTurn[] = [
  ...Array.from({ length: 12 }, (_, i) => ({
    text: `Summary part ${i + 1}: fixed the loop bound.`,
  })),
];

describe('headless against a local server with a small context window', () => {
  let sandbox: Sandbox;
  let server: FakeServer | undefined;

  beforeEach(() => {
    sandbox = createSandbox();
    const sessions = path.join(sandbox.agentHome, 'sessions');
    fs.mkdirSync(sessions, { recursive: true });
    writeLongSession(path.join(sessions, `${SESSION}.jsonl`), {
      turns: 30,
      cwd: sandbox.workspace,
      model: 'fake-model',
    });
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    sandbox.cleanup();
  });

  async function resumeAgainst(window: number | undefined, extra: string[]) {
    server = await startFakeServer(openAIChatProtocol, SCRIPT, { contextWindow: WINDOW });
    sandbox.write('prompt.txt', 'What did we change?');
    const args = [
      'prompt.txt',
      '--resume',
      SESSION,
      '--provider',
      'openai-chat',
      '--model',
      'fake-model',
      '--base-url',
      `${server.url}/v1`,
      '--output',
      'json',
      ...(window === undefined ? [] : ['--context-window', String(window)]),
      ...extra,
    ];
    return runCli(args, cliEnv(sandbox, { OPENAI_API_KEY: 'test' }));
  }

  it('asks the server its window, compacts first and never overflows it', async () => {
    const result = await resumeAgainst(undefined, []);
    expect(result.stderr).not.toMatch(/exceeds the available context size/);
    expect(result.code).toBe(0);
    expect(server!.overflows()).toBe(0);
    const events = sessionEvents(sandbox.sessionFiles()[0]!);
    expect(events.some((event) => event.type === 'checkpoint')).toBe(true);
  });

  it('uses --context-window over what the server says', async () => {
    // The server would allow 8k; the flag says 4k, so requests stay within half of it.
    const result = await resumeAgainst(4096, []);
    expect(result.code).toBe(0);
    expect(server!.overflows()).toBe(0);
    const streamed = server!.requests.filter((request) => request.method === 'POST');
    expect(streamed.length).toBeGreaterThan(1);
    for (const request of streamed) {
      expect(Math.ceil(Buffer.byteLength(request.rawBody) / 4)).toBeLessThanOrEqual(4096);
    }
  });
});
