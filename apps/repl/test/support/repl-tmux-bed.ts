import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './tmux-driver';

/** One REPL in one tmux session against a fake model server, with its own folders. */
export interface ReplTmuxBed {
  readonly driver: TmuxDriver;
  /** The tmux session the REPL runs in (with `sessionPerLaunch`, the latest one). */
  readonly session: string;
  /** The REPL's AGENT_HOME and workspace: fresh for each test, or for the file. */
  readonly home: string;
  readonly workspace: string;
  /** The fake model server the test started: closed after the test (or the file). */
  server: FakeServer | undefined;
  keys(...names: string[]): void;
  typeText(text: string): void;
  waitFor(needle: string, ms?: number): Promise<string>;
  waitGone(needle: string, ms?: number): Promise<string>;
  /** The shell line that starts the REPL against `server` in `home` and `workspace`. */
  command(...extra: string[]): string;
  /** Starts that REPL in the bed's session (`extra` flags last; a new session each time with `sessionPerLaunch`). */
  launch(size: { cols: number; rows: number }, ...extra: string[]): void;
}

/**
 * The set-up the REPL's tmux tests share: a private tmux server named `name`, one session,
 * folders made before each test (`scope: 'test'`) or once for the file, and after them the tmux
 * server killed, the fake server closed and the folders removed, in that order. With
 * `sessionPerLaunch`, every launch gets a session of its own (`session-1`, `session-2` ...); after
 * a test only its session is killed, the tmux server once the file is done.
 */
export function replTmuxBed(
  name: string,
  options: {
    session: string;
    scope?: 'test' | 'file';
    provider?: 'openai-chat' | 'anthropic';
    sessionPerLaunch?: boolean;
  },
): ReplTmuxBed {
  const driver = new TmuxDriver(name);
  let session = options.session;
  let launches = 0;
  let home = '';
  let workspace = '';
  const bed: ReplTmuxBed = {
    driver,
    get session() {
      return session;
    },
    get home() {
      return home;
    },
    get workspace() {
      return workspace;
    },
    server: undefined,
    keys: (...names) => driver.keys(session, ...names),
    typeText: (text) => driver.type(session, text),
    waitFor: (needle, ms) => driver.waitFor(session, needle, ms),
    waitGone: (needle, ms) => driver.waitGone(session, needle, ms),
    command: (...extra) =>
      replAgainstFake({
        serverUrl: bed.server!.url,
        agentHome: home,
        workspace,
        provider: options.provider,
        extra,
      }),
    launch: (size, ...extra) => {
      if (options.sessionPerLaunch) session = `${options.session}-${++launches}`;
      driver.start(session, bed.command(...extra), size);
    },
  };

  const setUp = (): void => {
    home = mkdtempSync(path.join(os.tmpdir(), `${name}-home-`));
    workspace = mkdtempSync(path.join(os.tmpdir(), `${name}-ws-`));
  };
  const tearDown = async (): Promise<void> => {
    if (options.sessionPerLaunch) killSession(driver, session);
    else driver.kill();
    await bed.server?.close();
    bed.server = undefined;
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  };
  if (options.scope === 'file') {
    beforeAll(setUp);
    afterAll(tearDown);
  } else {
    beforeEach(setUp);
    afterEach(tearDown);
  }
  if (options.sessionPerLaunch) afterAll(() => driver.kill());
  return bed;
}

function killSession(driver: TmuxDriver, session: string): void {
  try {
    driver.run('kill-session', '-t', session);
  } catch {
    // already gone
  }
}
