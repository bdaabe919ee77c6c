import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { FakeServer } from '@agent/testkit';
import type * as AcpSdk from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' };

type Acp = typeof AcpSdk;
type Update = AcpSdk.SessionUpdate;

export const APP_DIR = path.resolve(__dirname, '../..');
/** The shipped artifact: the `agent-acp` bin, which loads the esbuild bundle of src/main.ts. */
export const BIN = path.join(APP_DIR, 'dist', 'agent-acp.js');

/** A temporary workspace and agent home, removed by `cleanup`. */
export interface Sandbox {
  workspace: string;
  agentHome: string;
  cleanup(): void;
}

export function createSandbox(): Sandbox {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-e2e-')));
  const workspace = path.join(root, 'workspace');
  const agentHome = path.join(root, 'agent-home');
  fs.mkdirSync(workspace);
  return { workspace, agentHome, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** The agent's flags for the openai-chat fake. */
export function fakeArgs(fake: FakeServer): string[] {
  return ['--provider', 'openai-chat', '--model', 'fake-model', '--base-url', `${fake.url}/v1`];
}

/** The environment of a run: nothing inherited that could pick a provider or a home. */
export function agentEnv(sandbox: Sandbox): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  return { ...env, AGENT_HOME: sandbox.agentHome, OPENAI_API_KEY: 'k' };
}

/** What the editor answers; each test sets what it expects to be asked. */
export interface EditorAnswers {
  permission?: (
    params: AcpSdk.RequestPermissionRequest,
  ) => AcpSdk.RequestPermissionResponse | Promise<AcpSdk.RequestPermissionResponse>;
  elicitation?: (
    params: AcpSdk.CreateElicitationRequest,
  ) => AcpSdk.CreateElicitationResponse | Promise<AcpSdk.CreateElicitationResponse>;
}

/** An editor: the SDK's own client side, talking to `agent-acp` over its stdin and stdout. */
export interface Editor {
  acp: Acp;
  child: ChildProcess;
  agent: AcpSdk.ClientContext;
  answers: EditorAnswers;
  /** Every update received, in order. */
  updates: Update[];
  /** Resolves with the first update (from `from` on) that `match` accepts. */
  waitForUpdate(match: (update: Update) => boolean, from?: number): Promise<Update>;
  stderr(): string;
  /** Closes stdin (the editor quits) and waits for the process to exit. */
  close(): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Kills the agents a failed test left running (a passing test closes its own). */
export function killEditors(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** Starts the bin with `args` and connects the SDK's client to it. */
export async function startEditor(
  args: string[],
  env: NodeJS.ProcessEnv,
  answers: EditorAnswers = {},
): Promise<Editor> {
  if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: build first (pnpm build)`);
  const acp = await import('@agentclientprotocol/sdk');
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  running.add(child);
  child.on('close', () => running.delete(child));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  const updates: Update[] = [];
  const waiters: Array<{
    match: (u: Update) => boolean;
    from: number;
    resolve: (u: Update) => void;
  }> = [];
  const editor = { answers } as { answers: EditorAnswers };
  const app = acp
    .client({ name: 'test-editor' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params.update);
      for (const waiter of waiters.splice(0)) {
        const found = updates.slice(waiter.from).find(waiter.match);
        if (found) waiter.resolve(found);
        else waiters.push(waiter);
      }
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      if (!editor.answers.permission) throw new Error('unexpected permission request');
      return editor.answers.permission(params);
    })
    .onRequest(acp.methods.client.elicitation.create, ({ params }) => {
      if (!editor.answers.elicitation) throw new Error('unexpected elicitation');
      return editor.answers.elicitation(params);
    });
  const stream = acp.ndJsonStream(
    Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>,
  );
  const connection = app.connect(stream);
  return {
    acp,
    child,
    agent: connection.agent,
    get answers() {
      return editor.answers;
    },
    set answers(value) {
      editor.answers = value;
    },
    updates,
    waitForUpdate: (match, from = 0) => {
      const found = updates.slice(from).find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, from, resolve }));
    },
    stderr: () => stderr,
    async close() {
      connection.close();
      child.stdin!.end();
      return exited;
    },
  };
}

/** The text of the agent's message chunks among `updates`. */
export function agentText(updates: readonly Update[]): string {
  return updates
    .map((u) =>
      u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text' ? u.content.text : '',
    )
    .join('');
}

/**
 * An editor that has started the agent, initialized the connection (showing forms when
 * `forms`), and opened a session in `workspace` with `mcpServers`.
 */
export async function editorSession(
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { forms: boolean; workspace: string; mcpServers?: AcpSdk.McpServer[] },
): Promise<{ editor: Editor; init: AcpSdk.InitializeResponse; sessionId: string }> {
  const editor = await startEditor(args, env);
  const init = await editor.agent.request('initialize', {
    protocolVersion: editor.acp.PROTOCOL_VERSION,
    clientCapabilities: options.forms ? { elicitation: { form: {} } } : {},
  });
  const { sessionId } = await editor.agent.request('session/new', {
    cwd: options.workspace,
    mcpServers: options.mcpServers ?? [],
  });
  return { editor, init, sessionId };
}

/** Sends a text prompt and resolves with its stop reason. */
export async function promptText(
  editor: Editor,
  sessionId: string,
  text: string,
): Promise<AcpSdk.StopReason> {
  const response = await editor.agent.request('session/prompt', {
    sessionId,
    prompt: [{ type: 'text', text }],
  });
  return response.stopReason;
}
