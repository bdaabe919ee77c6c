import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { promises as fs, readFileSync } from 'node:fs';
import { assertSessionFree, lockPath, SessionLockedError, SessionWriter } from '../src';
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
  // A lock whose holder is not the agent that wrote it is taken over (issue 26 item 13).
  it('takes over a lock whose process is a zombie nobody reaped', async () => {
    // The child exits once the test writes to fd 3, after its parent has become `sleep 30`
    // (which never reaps it): exiting earlier, the shell could reap it first.
    const parent = spawn('sh', ['-c', 'head -c1 <&3 >/dev/null & echo $!; exec sleep 30'], {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    try {
      const [chunk] = (await once(parent.stdout!, 'data')) as [Buffer];
      const zombie = Number(chunk.toString().trim());
      for (let i = 0; i < 2000 && !isSleep(parent.pid!); i++) await tick();
      (parent.stdio[3] as NodeJS.WritableStream).write('x');
      for (let i = 0; i < 2000 && !isZombie(zombie); i++) await tick();
      expect(isZombie(zombie)).toBe(true);
      const writer = await create();
      await writer.close();
      await fs.writeFile(lockPath(writer.path), `${zombie}\n`);
      const resumed = await SessionWriter.open(writer.path);
      expect(await fs.readFile(lockPath(writer.path), 'utf8')).toBe(`${process.pid}\n`);
      await resumed.close();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes over a lock whose pid now belongs to a program that started after it was written', async () => {
    const writer = await create();
    await writer.close();
    const past = new Date(Date.now() - 60_000);
    const later = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await fs.writeFile(lockPath(writer.path), `${later.pid}\n`);
      await fs.utimes(lockPath(writer.path), past, past);
      const resumed = await SessionWriter.open(writer.path);
      await resumed.close();
    } finally {
      later.kill('SIGKILL');
    }
  });

  it('tells whether a session is free without taking or removing its lock', async () => {
    const writer = await create();
    await writer.close();
    await expect(assertSessionFree(writer.path)).resolves.toBeUndefined();
    await expect(fs.access(lockPath(writer.path))).rejects.toThrow();
    await fs.writeFile(lockPath(writer.path), `${process.ppid}\n`);
    await expect(assertSessionFree(writer.path)).rejects.toThrow(
      `in use by another agent process (pid ${process.ppid})`,
    );
    // This process's own lock, and a stale one, leave it free; neither is touched.
    await fs.writeFile(lockPath(writer.path), `${process.pid}\n`);
    await expect(assertSessionFree(writer.path)).resolves.toBeUndefined();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    await fs.writeFile(lockPath(writer.path), `${dead.stdout.toString()}\n`);
    await expect(assertSessionFree(writer.path)).resolves.toBeUndefined();
    expect(await fs.readFile(lockPath(writer.path), 'utf8')).toBe(`${dead.stdout.toString()}\n`);
  });

  it('says how to recover while a live agent holds it', async () => {
    const writer = await create();
    await fs.writeFile(lockPath(writer.path), `${process.ppid}\n`);
    await expect(SessionWriter.open(writer.path)).rejects.toThrow(
      `if no agent runs with that pid, remove ${lockPath(writer.path)}`,
    );
    await fs.writeFile(lockPath(writer.path), `${process.pid}\n`);
    await writer.close();
  });
});

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 10));
}

/** Whether process `pid` now runs `sleep` (its shell has exec'd). */
function isSleep(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'sleep';
  } catch {
    return false;
  }
}
