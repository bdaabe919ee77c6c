import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// The checkout's start (`pnpm --filter repl start`) builds first; a rebuild says so in one line.
// turbo here is a stand-in at the edge that prints what turbo prints with --output-logs=hash-only.

const SCRIPT = path.resolve(__dirname, '..', '..', '..', 'scripts', 'build-before-start.js');
let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'start-build-'));
  await fs.mkdir(path.join(dir, 'node_modules'));
  await fs.mkdir(path.join(dir, 'bin'));
  await fs.mkdir(path.join(dir, 'dist'));
  await fs.writeFile(path.join(dir, 'dist', 'main.js'), '');
});

afterEach(() => fs.rm(dir, { recursive: true, force: true }));

async function start(turboOutput: string, exitCode = 0): Promise<{ code: number; stderr: string }> {
  const turbo = path.join(dir, 'bin', 'turbo');
  await fs.writeFile(turbo, `#!/bin/sh\ncat <<'OUT'\n${turboOutput}\nOUT\nexit ${exitCode}\n`);
  await fs.chmod(turbo, 0o755);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, 'repl', 'dist/main.js'],
      { cwd: dir, env: { ...process.env, PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` } },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
    );
  });
}

describe('the checkout start', () => {
  it('says nothing when turbo replays every build from its cache', async () => {
    const result = await start(
      '@agent/tools:build: cache hit, suppressing logs 1a\nrepl:build: cache hit, suppressing logs 2b',
    );
    expect(result).toEqual({ code: 0, stderr: '' });
  });

  it('says it is rebuilding, once, naming the first package turbo rebuilds', async () => {
    const result = await start(
      [
        '@agent/tools:build: cache miss, executing 1a',
        '@agent/llm:build: cache miss, executing 2b',
        'repl:build: cache miss, executing 3c',
      ].join('\n'),
    );
    expect(result).toEqual({
      code: 0,
      stderr: 'Rebuilding the agent (@agent/tools:build changed)...\n',
    });
  });

  it('shows the build log and fails when the build fails', async () => {
    const result = await start('repl:build: cache miss, executing 3c\nsrc/x.ts(1,1): error TS1', 2);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Rebuilding the agent \(repl:build changed\)\.\.\.\n/);
    expect(result.stderr).toContain('error TS1');
  });
});
