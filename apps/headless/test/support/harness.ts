import {
  openAIChatProtocol,
  startFakeServer,
  type FakeServer,
  type ScriptedTurn,
  type WireProtocol,
} from '@agent/testkit';
import { createSandbox, type Sandbox } from './cli';

/** Per test: a fresh sandbox, and the fake server `serve` started, if any. */
export interface CliHarness {
  readonly sandbox: Sandbox;
  /** The server the running test started (undefined before `serve`). */
  readonly server: FakeServer | undefined;
  /** Starts this test's fake (Chat Completions unless `protocol` says) playing `script`; closed after the test. */
  serve(script: ScriptedTurn[], protocol?: WireProtocol): Promise<FakeServer>;
}

/** Registers the hooks that create the sandbox before each test and clean up after it. */
export function useCliHarness(): CliHarness {
  let sandbox: Sandbox | undefined;
  let server: FakeServer | undefined;
  // Every server a test started, not only the last: one left listening keeps jest from exiting.
  const started: FakeServer[] = [];
  beforeEach(() => {
    sandbox = createSandbox();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((each) => each.close()));
    server = undefined;
    sandbox?.cleanup();
  });
  return {
    get sandbox() {
      return sandbox!;
    },
    get server() {
      return server;
    },
    async serve(script, protocol = openAIChatProtocol) {
      server = await startFakeServer(protocol, script);
      started.push(server);
      return server;
    },
  };
}

/** The arguments choosing openai-chat with the test model against the fake at `url`. */
export function openAIChatArgs(url: string): string[] {
  return ['--provider', 'openai-chat', '--model', 'gpt-test', '--base-url', `${url}/v1`];
}
