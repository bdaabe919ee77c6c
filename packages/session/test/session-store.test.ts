import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  deleteSession,
  isSessionId,
  latestSessionFor,
  listSessions,
  loadSession,
  newSessionId,
  resolveSession,
  SessionWriter,
  sessionsDir,
} from '../src';
import { tempAgentHome } from './helpers';

describe('session store', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  async function session(
    id: string,
    cwd: string,
    prompt: string | undefined,
    updated: string,
  ): Promise<string> {
    const writer = await SessionWriter.create({
      agentHome: home,
      id,
      cwd,
      provider: 'anthropic',
      model: 'claude',
    });
    if (prompt !== undefined) writer.recordUser(prompt);
    await writer.close();
    await fs.utimes(writer.path, new Date(updated), new Date(updated));
    return writer.path;
  }

  it('lists sessions newest first with their first prompt, cwd, provider, model, size and time', async () => {
    await session(
      '2026-11-28T10-00-00-aaaa',
      '/repo/a',
      'Fix the login bug',
      '2026-11-28T10:05:00Z',
    );
    await session(
      '2026-11-29T10-00-00-bbbb',
      '/repo/b',
      `Refactor\n  the   parser ${'x'.repeat(200)}`,
      '2026-11-30T09:00:00Z',
    );
    await session('2026-11-30T10-00-00-cccc', '/repo/a', undefined, '2026-11-29T12:00:00Z');
    await fs.writeFile(path.join(sessionsDir(home), 'notes.txt'), 'not a session');

    const list = await listSessions(home);
    expect(list.map((s) => s.id)).toEqual([
      '2026-11-29T10-00-00-bbbb',
      '2026-11-30T10-00-00-cccc',
      '2026-11-28T10-00-00-aaaa',
    ]);
    const [b, c, a] = list;
    expect(a).toMatchObject({
      cwd: '/repo/a',
      provider: 'anthropic',
      model: 'claude',
      firstPrompt: 'Fix the login bug',
    });
    expect(a!.size).toBe((await fs.stat(a!.path)).size);
    expect(a!.updatedAt.toISOString()).toBe('2026-11-28T10:05:00.000Z');
    expect(b!.firstPrompt).toMatch(/^Refactor the parser x+…$/);
    expect(Array.from(b!.firstPrompt!)).toHaveLength(80);
    expect(c!.firstPrompt).toBeUndefined();
  });

  it('names a session by what the person typed first: a !command, not its output as the model reads it', async () => {
    const writer = await SessionWriter.create({
      agentHome: home,
      id: '2026-11-28T10-00-00-dddd',
      cwd: '/repo/a',
      provider: 'anthropic',
      model: 'claude',
    });
    writer.recordPersonShell('I ran this shell command in the workspace: ls\nOutput: a.txt', {
      command: 'ls',
      status: 'ok',
      summary: 'exit 0',
      output: 'a.txt',
    });
    await writer.close();
    const [only] = await listSessions(home);
    expect(only!.firstPrompt).toBe('!ls');
  });

  it('lists every one of many sessions', async () => {
    await fs.mkdir(sessionsDir(home), { recursive: true });
    const ids = Array.from(
      { length: 40 },
      (_, i) => `2026-11-30T01-00-${String(i).padStart(2, '0')}-abcd`,
    );
    await Promise.all(
      ids.map((id, i) =>
        fs.writeFile(
          path.join(sessionsDir(home), `${id}.jsonl`),
          JSON.stringify({
            v: 1,
            type: 'session_start',
            id: 'a',
            ts: 't',
            cwd: `/r${i}`,
            provider: 'p',
            model: 'm',
          }) + '\n',
        ),
      ),
    );
    const list = await listSessions(home);
    expect(list.map((s) => s.cwd).sort()).toEqual(ids.map((_, i) => `/r${i}`).sort());
  });

  it('lists nothing when the sessions folder does not exist yet', async () => {
    expect(await listSessions(path.join(home, 'nowhere'))).toEqual([]);
  });

  it('finds the latest session of a working directory for --continue', async () => {
    await session('2026-11-28T10-00-00-aaaa', '/repo/a', 'old', '2026-11-28T10:00:00Z');
    await session('2026-11-29T10-00-00-bbbb', '/repo/b', 'other', '2026-11-30T10:00:00Z');
    await session('2026-11-29T11-00-00-cccc', '/repo/a/', 'newer', '2026-11-29T10:00:00Z');
    expect((await latestSessionFor(home, '/repo/a'))?.id).toBe('2026-11-29T11-00-00-cccc');
    expect(await latestSessionFor(home, '/repo/none')).toBeUndefined();
  });

  it('resolves an id, a unique prefix or a file path, and explains misses', async () => {
    const file = await session('2026-11-28T10-00-00-aaaa', '/r', 'p', '2026-11-28T10:00:00Z');
    await session('2026-11-29T10-00-00-bbbb', '/r', 'p', '2026-11-29T10:00:00Z');
    await session('2026-11-29T11-00-00-cccc', '/r', 'p', '2026-11-29T11:00:00Z');

    expect(await resolveSession(home, '2026-11-28T10-00-00-aaaa')).toMatchObject({
      ok: true,
      session: { path: file },
    });
    expect(await resolveSession(home, '2026-11-28')).toMatchObject({
      ok: true,
      session: { id: '2026-11-28T10-00-00-aaaa' },
    });
    expect(await resolveSession(home, file)).toMatchObject({
      ok: true,
      session: { id: '2026-11-28T10-00-00-aaaa' },
    });
    const ambiguous = await resolveSession(home, '2026-11-29');
    expect(ambiguous).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(!ambiguous.ok && ambiguous.message).toContain('2026-11-29T10-00-00-bbbb');
    expect(await resolveSession(home, 'zzz')).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it('lists at most ten sessions of an ambiguous id, newest first, and counts the rest', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) {
      const minute = String(i).padStart(2, '0');
      ids.push(`2026-12-01T10-${minute}-00-aaaa`);
      await session(ids[i]!, '/r', 'p', `2026-12-01T10:${minute}:00Z`);
    }
    const newest = ids.slice().reverse();
    const twelve = await resolveSession(home, '2026-12');
    expect(!twelve.ok && twelve.message).toBe(
      `"2026-12" matches 13 sessions, newest first: ${newest.slice(0, 10).join(', ')}, …and 3 more`,
    );
    const few = await resolveSession(home, '2026-12-01T10-0');
    expect(!few.ok && few.message).toBe(
      `"2026-12-01T10-0" matches 10 sessions, newest first: ${newest.slice(3).join(', ')}`,
    );
  });

  it('deletes a session; a second delete or a path outside the folder does nothing', async () => {
    await session('2026-11-28T10-00-00-aaaa', '/r', 'p', '2026-11-28T10:00:00Z');
    const outside = path.join(home, 'keep.jsonl');
    await fs.writeFile(outside, '');
    expect(await deleteSession(home, '2026-11-28T10-00-00-aaaa')).toBe(true);
    expect(await deleteSession(home, '2026-11-28T10-00-00-aaaa')).toBe(false);
    expect(await deleteSession(home, '../keep')).toBe(false);
    expect(await listSessions(home)).toEqual([]);
    await expect(fs.stat(outside)).resolves.toBeDefined();
  });

  it('creates time-sortable ids and never reuses a file', async () => {
    const id = newSessionId(new Date('2026-11-30T01:02:03.456Z'), 'abcd');
    expect(id).toBe('2026-11-30T01-02-03-abcd');
    expect(isSessionId(id)).toBe(true);
    const now = () => new Date('2026-11-30T01:02:03Z');
    const writers = await Promise.all(
      Array.from({ length: 5 }, () =>
        SessionWriter.create({ agentHome: home, cwd: '/r', provider: 'demo', model: 'm', now }),
      ),
    );
    await Promise.all(writers.map((w) => w.close()));
    expect(new Set(writers.map((w) => w.id)).size).toBe(5);
    expect(writers.every((w) => w.id.startsWith('2026-11-30T01-02-03-'))).toBe(true);
    await expect(
      SessionWriter.create({
        agentHome: home,
        id: writers[0]!.id,
        cwd: '/r',
        provider: 'demo',
        model: 'm',
      }),
    ).rejects.toThrow(/EEXIST/);
    expect((await loadSession(writers[0]!.path)).events).toHaveLength(1);
  });
});
