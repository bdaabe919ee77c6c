import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { lockPath, SessionLockedError, SessionWriter } from '../src';
import { tempAgentHome } from './helpers';

describe('a session file is locked while a process appends to it', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  const create = () =>
    SessionWriter.create({ agentHome: home, cwd: '/w', provider: 'p', model: 'm' });

  it('refuses a second writer while a live process holds the lock, and frees it on close', async () => {
    const first = await create();
    expect(await fs.readFile(lockPath(first.path), 'utf8')).toBe(`${process.pid}\n`);
    // Another live process holds it: this test's parent stands in for it.
    await fs.writeFile(lockPath(first.path), `${process.ppid}\n`);
    await expect(SessionWriter.open(first.path)).rejects.toThrow(SessionLockedError);
    await expect(SessionWriter.open(first.path)).rejects.toThrow(
      `in use by another agent process (pid ${process.ppid})`,
    );
    await fs.writeFile(lockPath(first.path), `${process.pid}\n`);
    await first.close();
    await expect(fs.access(lockPath(first.path))).rejects.toThrow();
    const second = await SessionWriter.open(first.path);
    await second.close();
  });

  it('takes over a stale lock left by a process that died', async () => {
    const writer = await create();
    await writer.close();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    await fs.writeFile(lockPath(writer.path), `${dead.stdout.toString()}\n`);
    const resumed = await SessionWriter.open(writer.path);
    expect(await fs.readFile(lockPath(writer.path), 'utf8')).toBe(`${process.pid}\n`);
    await resumed.close();
  });
});
