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

  /** Whether this process still holds `writer`'s file open, or its lock. */
  const held = (writer: { path: string }) => ({
    descriptors: openDescriptorsOf(writer.path),
    locked: fs.existsSync(`${writer.path}.lock`),
  });
  const released = { descriptors: 0, locked: false };

  it('makes one file for two ensure calls at once', async () => {
    const session = file();
    const [one, two] = await Promise.all([session.ensure(), session.ensure()]);
    expect(two).toBe(one);
    expect(fs.readdirSync(path.dirname(one.path)).filter((f) => f.endsWith('.jsonl'))).toEqual([
      path.basename(one.path),
    ]);
    await session.close();
    expect(held(one)).toEqual(released);
  });

  it('closes a file still being created when closed', async () => {
    const session = file();
    const opening = session.ensure();
    await session.close();
    expect(held(await opening)).toEqual(released);
  });

  it('closes the file still open before opening a saved one', async () => {
    const first = file();
    const saved = await first.ensure();
    await first.close();
    const session = file();
    const current = await session.ensure();
    await session.open(saved.path, (await loadSession(saved.path)).events);
    expect(held(current)).toEqual(released);
    await session.close();
    expect(held(saved)).toEqual(released);
  });
});

/** How many of this process's descriptors are open on `file` (none where /proc is missing). */
function openDescriptorsOf(file: string): number {
  const folder = '/proc/self/fd';
  if (!fs.existsSync(folder)) return 0;
  const targets = fs.readdirSync(folder).map((fd) => {
    try {
      return fs.readlinkSync(path.join(folder, fd));
    } catch {
      return undefined;
    }
  });
  return targets.filter((target) => target === file).length;
}
