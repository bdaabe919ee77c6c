import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Provider } from '@agent/llm';
import { loadSession } from '@agent/session';
import { SessionFile } from '../src/session-file/session-file';

describe('SessionFile', () => {
  let home: string;
  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'session-file-'));
  });
  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  const provider = { id: 'demo', model: 'demo' } as Provider;
  const file = (errors: Error[] = []) =>
    new SessionFile(
      { provider, toolHistory: 'full', agentMode: 'default' },
      { agentHome: home, workspaceRoot: home },
      (error) => errors.push(error),
    );
  const elicitation = {
    type: 'elicitation' as const,
    server: 'tracker',
    mode: 'form' as const,
    message: 'Who are you?',
    action: 'decline' as const,
    fields: [],
  };

  it('puts events recorded before any file into the file resumed next, with its last prompt', async () => {
    const first = file();
    const writer = await first.ensure();
    const prompt = writer.recordUser('set up the service');
    await first.close();

    const resumed = file();
    resumed.record(elicitation);
    const saved = await loadSession(writer.path);
    const reopened = await resumed.open(writer.path, saved.events);
    expect(reopened.lastUserEventId).toBe(prompt.id);
    await resumed.close();
    const types = (await loadSession(writer.path)).events.map((event) => event.type);
    expect(types).toEqual(['session_start', 'user', 'elicitation']);
  });
});
