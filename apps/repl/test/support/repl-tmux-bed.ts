import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './tmux-driver';

/** One REPL in one tmux session against a fake model server, with its own folders. */
export interface ReplTmuxBed {
  readonly driver: TmuxDriver;
  /** The REPL's AGENT_HOME and workspace: fresh for each test, or for the file. */
  readonly home: string;
  readonly workspace: string;
  /** The fake model server the test started: closed after the test (or the file). */
  server: FakeServer | undefined;
  keys(...names: string[]): void;
  typeText(text: string): void;
  waitFor(needle: string, ms?: number): Promise<string>;
  /** The shell line that starts the REPL against `server` in `home` and `workspace`. */
  command(...extra: string[]): string;
  /** Starts that REPL in the bed's session (`extra` flags last). */
  launch(size: { cols: number; rows: number }, ...extra: string[]): void;
}

/**
 * The set-up the REPL's tmux tests share: a private tmux server named `name`, one session,
 * folders made before each test (`scope: 'test'`) or once for the file, and after them the tmux
 * server killed, the fake server closed and the folders removed, in that order.
 */
export function replTmuxBed(
  name: string,
  options: { session: string; scope?: 'test' | 'file'; provider?: 'openai-chat' | 'anthropic' },
): ReplTmuxBed {
  const driver = new TmuxDriver(name);
  const { session } = options;
  let home = '';
  let workspace = '';
  const bed: ReplTmuxBed = {
    driver,
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
    command: (...extra) =>
      replAgainstFake({
        serverUrl: bed.server!.url,
        agentHome: home,
        workspace,
        provider: options.provider,
        extra,
      }),
    launch: (size, ...extra) => driver.start(session, bed.command(...extra), size),
  };

  const setUp = (): void => {
    home = mkdtempSync(path.join(os.tmpdir(), `${name}-home-`));
    workspace = mkdtempSync(path.join(os.tmpdir(), `${name}-ws-`));
  };
  const tearDown = async (): Promise<void> => {
    driver.kill();
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
  return bed;
}
