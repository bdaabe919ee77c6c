import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { agentEnv, fakeArgs, startEditor } from './support/editor';
import { editorBed } from './support/editor-bed';

jest.setTimeout(60_000);

const SESSION_ID = '2026-12-01T00-00-00-5e11';
const TS = '2026-12-01T00:00:00.000Z';

/** A person's `!command` as the session file records it (see the session schema's `shell`). */
function shellLine(
  id: string,
  shell: { command: string; status: string; summary: string; output: string },
) {
  const text = `I ran this shell command in the workspace myself:\n$ ${shell.command}\n${shell.output}`;
  return { v: 3, type: 'user', id, ts: TS, text, display: `!${shell.command}`, shell };
}

/**
 * Issue 35: a person's `!command` replays on session/load as what it was: their line, then the
 * command's finished call with how it ended and its output (as the REPL, the web page and
 * headless show it), not the command alone.
 */
describe("agent-acp replays a person's !command with its outcome and output", () => {
  const bed = editorBed();

  beforeAll(async () => {
    bed.fake = await startOpenAIChatServer([]);
    const sessions = path.join(bed.sandbox.agentHome, 'sessions');
    fs.mkdirSync(sessions, { recursive: true });
    const lines = [
      {
        v: 3,
        type: 'session_start',
        id: 'e0',
        ts: TS,
        cwd: bed.sandbox.workspace,
        provider: 'openai-chat',
        model: 'fake-model',
      },
      shellLine('e1', {
        command: 'ls',
        status: 'ok',
        summary: 'exit code 0',
        output: 'a.txt\nb.txt',
      }),
      shellLine('e2', {
        command: 'cat missing',
        status: 'error',
        summary: 'exit code 1',
        output: 'cat: missing: No such file or directory',
      }),
    ];
    fs.writeFileSync(
      path.join(sessions, `${SESSION_ID}.jsonl`),
      `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`,
    );
  });

  it('sends the line, then a finished execute call titled by the command, with its output and how it ended', async () => {
    const editor = await startEditor(fakeArgs(bed.fake), agentEnv(bed.sandbox));
    await editor.agent.request('initialize', {
      protocolVersion: editor.acp.PROTOCOL_VERSION,
      clientCapabilities: {},
    });
    await editor.agent.request('session/load', {
      sessionId: SESSION_ID,
      cwd: bed.sandbox.workspace,
      mcpServers: [],
    });
    const text = (content: unknown): string[] =>
      (content as Array<{ content: { text: string } }>).map((block) => block.content.text);
    const shown = editor.updates.map((update) => {
      switch (update.sessionUpdate) {
        case 'user_message_chunk':
          return { user: update.content.type === 'text' ? update.content.text : '' };
        case 'tool_call':
          return {
            call: update.title,
            kind: update.kind,
            status: update.status,
            content: text(update.content ?? []),
          };
        default:
          return { other: update.sessionUpdate };
      }
    });
    expect(shown).toEqual([
      { user: '!ls' },
      {
        call: '! ls',
        kind: 'execute',
        status: 'completed',
        content: ['a.txt\nb.txt', 'exit code 0'],
      },
      { user: '!cat missing' },
      {
        call: '! cat missing',
        kind: 'execute',
        status: 'failed',
        content: ['cat: missing: No such file or directory', 'exit code 1'],
      },
    ]);
    expect(bed.fake.requests).toHaveLength(0);
    expect(await editor.close()).toBe(0);
  });
});
