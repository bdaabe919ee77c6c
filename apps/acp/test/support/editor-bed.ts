import type { FakeServer } from '@agent/testkit';
import type * as AcpSdk from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' };
import {
  agentEnv,
  createSandbox,
  editorSession,
  fakeArgs,
  killEditors,
  type Sandbox,
} from './editor';

/** A sandbox and an openai-chat fake shared by the tests of one `describe`. */
export interface EditorBed {
  readonly sandbox: Sandbox;
  /** The fake model server: started by the test (or its `beforeAll`), closed after. */
  fake: FakeServer;
  /** An editor session through `agent-acp` against `fake`, in the sandbox's workspace. */
  open(options: {
    forms: boolean;
    mcpServers?: AcpSdk.McpServer[];
  }): ReturnType<typeof editorSession>;
}

/**
 * The set-up the editor tests share: a fresh sandbox before the tests (`scope: 'file'`: once for
 * the `describe`; `'test'`: before each), and after them every agent a failed test left running
 * killed, the fake closed and the sandbox removed.
 */
export function editorBed(scope: 'file' | 'test' = 'file'): EditorBed {
  let sandbox: Sandbox | undefined;
  let fake: FakeServer | undefined;
  const bed: EditorBed = {
    get sandbox() {
      if (!sandbox) throw new Error('the sandbox is made before the tests');
      return sandbox;
    },
    get fake() {
      if (!fake) throw new Error('no fake model server started yet');
      return fake;
    },
    set fake(server) {
      fake = server;
    },
    open: (options) =>
      editorSession(fakeArgs(bed.fake), agentEnv(bed.sandbox), {
        ...options,
        workspace: bed.sandbox.workspace,
      }),
  };
  const setUp = (): void => {
    sandbox = createSandbox();
  };
  const tearDown = async (): Promise<void> => {
    killEditors();
    await fake?.close();
    fake = undefined;
    sandbox?.cleanup();
  };
  if (scope === 'file') {
    beforeAll(setUp);
    afterAll(tearDown);
  } else {
    beforeEach(setUp);
    afterEach(tearDown);
  }
  return bed;
}
