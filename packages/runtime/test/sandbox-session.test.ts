import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { allowAll } from '@agent/tools';
import { bwrapForTests } from '@agent/tools/testing';
import { AgentSession } from '../src';
import { fakeChoice, sessionBox } from './support/session-box';

const describeSandbox = bwrapForTests() ? describe : describe.skip;

/** The `tool` message of recorded request `index`. */
function toolMessage(server: FakeServer, index: number): string {
  const messages: Array<{ role: string; content: string }> = server.requests[index]!.body.messages;
  return messages.find((m) => m.role === 'tool')?.content ?? '';
}

describeSandbox('a session’s sandbox (real bubblewrap)', () => {
  const box = sessionBox('sandbox-session');
  let outside: string;
  beforeEach(() => {
    outside = fs.mkdtempSync('/var/tmp/sandbox-session-');
  });
  afterEach(() => fs.rmSync(outside, { recursive: true, force: true }));

  const create = (url: string, more: Partial<Parameters<typeof AgentSession.create>[0]> = {}) =>
    AgentSession.create({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice(url, box.home),
      person: allowAll,
      mayLeaveSandbox: false,
      onEvent: (event) => box.events.push(event),
      ...more,
    });

  it('a subagent’s run_shell is sandboxed the same way; the person’s ! command is not', async () => {
    fs.writeFileSync(path.join(box.home, 'config.json'), '{"model":"fake-model"}\n');
    const target = path.join(outside, 'from-subagent.txt');
    const command = `cat ${box.home}/config.json; echo x > ${target}; echo x > inside.txt`;
    box.server = await startOpenAIChatServer([
      {
        toolCalls: [
          {
            id: 't1',
            name: 'task',
            arguments: { description: 'run it', prompt: 'Run the command', agent: 'general' },
          },
        ],
      },
      { toolCalls: [{ id: 's1', name: 'run_shell', arguments: { command } }] },
      { text: 'subagent: blocked' },
      { text: 'delegated' },
    ]);
    const session = await create(box.server.url);
    try {
      expect(session.sandbox.mode).toBe('auto');
      const turn = await session.runTurn('delegate it');
      expect(turn.reason).toBe('done');
      const told = toolMessage(box.server, 2);
      expect(told).toContain('ran sandboxed');
      expect(told).not.toContain('fake-model');
      expect(told).toContain(`The sandbox blocked writing ${target}`);
      expect(told).toContain(`reading ${box.home}/config.json (hidden in the sandbox)`);
      expect(fs.existsSync(target)).toBe(false);
      expect(fs.readFileSync(path.join(box.workspace, 'inside.txt'), 'utf8')).toBe('x\n');

      const mine = path.join(outside, 'typed.txt');
      const typed = await session.runShell(`echo mine > ${mine}`);
      expect(typed.output).toMatch(/\[exit code 0\]$/);
      expect(fs.readFileSync(mine, 'utf8')).toBe('mine\n');
    } finally {
      await session.close();
    }
  });

  it('--sandbox wins over config.json, and the mode changes for the session', async () => {
    fs.writeFileSync(path.join(box.home, 'config.json'), '{"sandbox":"off"}\n');
    box.server = await startOpenAIChatServer([]);
    const fromConfig = await create(box.server.url);
    expect(fromConfig.sandbox.mode).toBe('off');
    expect(fromConfig.sandbox.state).toBe('off');
    await fromConfig.close();
    const flagged = await create(box.server.url, { sandbox: 'on' });
    try {
      expect(flagged.sandbox.mode).toBe('on');
      await flagged.sandbox.probe(new AbortController().signal);
      expect(flagged.sandbox.state).toBe('sandboxed');
      flagged.sandbox.mode = 'off';
      expect(flagged.sandbox.state).toBe('off');
      expect(box.events.filter((e) => e.type === 'notice' && /Sandbox/.test(e.text))).toEqual([]);
    } finally {
      await flagged.close();
    }
  });
});
