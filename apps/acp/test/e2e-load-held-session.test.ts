import fs from 'node:fs';
import path from 'node:path';
import { lockPath, SessionWriter } from '@agent/session';
import { startOpenAIChatServer } from '@agent/testkit';
import { agentEnv, agentText, fakeArgs, startEditor } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** Resolves once `file` exists (watched, not polled). */
function created(file: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = fs.watch(path.dirname(file), () => {
      if (fs.existsSync(file)) done();
    });
    const done = () => {
      watcher.close();
      resolve();
    };
    if (fs.existsSync(file)) done();
  });
}

/**
 * `session/load` of a session another live agent process is writing (a terminal REPL holds it
 * open): refused with an error the editor can show as it is, naming the process and what to do
 * from the editor; nothing is written to the session, none of the editor's MCP servers is started,
 * and once it is free it loads (and starts them).
 */
describe('agent-acp refuses to load a session another agent process holds', () => {
  const bed = editorBed();

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([]);
  });

  it('answers a clear invalid-request error, leaves the session alone and starts no server, and loads it once free', async () => {
    // This test's process holds the session, as a terminal's agent does while it runs.
    const holder = await SessionWriter.create({
      agentHome: bed.sandbox.agentHome,
      cwd: bed.sandbox.workspace,
      provider: 'openai-chat',
      model: 'fake-model',
    });
    holder.recordUser('hello');
    holder.recordLoopEvent({
      type: 'assistant_message',
      message: { role: 'assistant', text: 'Hello from the terminal.', toolCalls: [] },
    });
    await holder.flush();
    const before = fs.readFileSync(holder.path, 'utf8');

    const editor = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
    await editor.agent.request('initialize', {
      protocolVersion: editor.acp.PROTOCOL_VERSION,
      clientCapabilities: {},
    });
    // The server leaves a mark when it is started, then runs as itself.
    const started = path.join(path.dirname(bed.sandbox.agentHome), 'server-started');
    const server = {
      name: 'everything',
      command: '/bin/sh',
      args: ['-c', 'touch "$0" && exec "$1" "$2" stdio', started, process.execPath, everything],
      env: [],
    };
    const load = () =>
      editor.agent.request('session/load', {
        sessionId: holder.id,
        cwd: bed.sandbox.workspace,
        mcpServers: [server],
      });
    const refused = await load().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(editor.acp.RequestError);
    const error = refused as InstanceType<typeof editor.acp.RequestError>;
    expect(error.code).toBe(-32600);
    expect(error.message).toBe(
      `Invalid request: session ${holder.id} is open in another agent process (pid ${process.pid}), in a terminal or another editor: quit the agent there, then load the session again, or start a new session. If no agent runs with pid ${process.pid}, remove ${lockPath(holder.path)}`,
    );
    expect(error.message).not.toContain('--continue');
    expect(error.data).toEqual({ sessionId: holder.id, pid: process.pid });
    expect(fs.readFileSync(holder.path, 'utf8')).toBe(before);
    expect(fs.readFileSync(lockPath(holder.path), 'utf8')).toBe(`${process.pid}\n`);
    expect(editor.updates).toEqual([]);
    expect(fs.existsSync(started)).toBe(false);

    await holder.close();
    await load();
    await editor.waitForUpdate(() =>
      agentText(editor.updates).includes('Hello from the terminal.'),
    );
    await created(started);
    expect(await editor.close()).toBe(0);
  });
});
