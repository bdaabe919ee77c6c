import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// The checkout's start (`pnpm --filter repl start`) builds first, showing each step it runs.
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

/** What `turbo run build --dry=json` prints for three tasks to run and one to replay. */
const DRY_RUN = JSON.stringify({
  tasks: [
    { taskId: '@agent/tools#build', cache: { status: 'MISS' } },
    { taskId: '@agent/llm#build', cache: { status: 'MISS' } },
    { taskId: '@agent/session#build', cache: { status: 'HIT' } },
    { taskId: 'repl#build', cache: { status: 'MISS' } },
  ],
});

/** Runs the start's build with a stand-in turbo printing `turboOutput` (and `dryRun` for --dry). */
async function start(
  turboOutput: string,
  exitCode = 0,
  dryRun?: string,
): Promise<{ code: number; stderr: string }> {
  const turbo = path.join(dir, 'bin', 'turbo');
  await fs.writeFile(
    turbo,
    [
      '#!/bin/sh',
      'case "$*" in *--dry=json*)',
      dryRun === undefined ? '  exit 1;;' : `  cat <<'DRY'\n${dryRun}\nDRY\n  exit 0;;`,
      'esac',
      `cat <<'OUT'\n${turboOutput}\nOUT`,
      `exit ${exitCode}`,
      '',
    ].join('\n'),
  );
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

  it('shows each task turbo runs as a step, counted from its dry run, and the time it took', async () => {
    const result = await start(
      [
        '@agent/tools:build: cache miss, executing 1a',
        '@agent/llm:build: cache miss, executing 2b',
        'repl:build: cache miss, executing 3c',
      ].join('\n'),
      0,
      DRY_RUN,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^Building @agent\/tools \(1\/3\)\.\.\.\nBuilding @agent\/llm \(2\/3\)\.\.\.\nBuilding repl \(3\/3\)\.\.\.\nBuilt in \d+\.\d s\.\n$/,
    );
  });

  it('says so on the first start, before turbo has printed anything', async () => {
    await fs.rm(path.join(dir, 'dist', 'main.js'));
    const result = await start('repl:build: cache miss, executing 3c');
    expect(result.stderr).toMatch(/^First start: building the agent from its sources\.\.\.\n/);
    expect(result.stderr).toMatch(/\nBuilding repl \((1|1\/1)\)\.\.\.\n/);
  });

  it('shows the build log and fails when the build fails', async () => {
    const result = await start('repl:build: cache miss, executing 3c\nsrc/x.ts(1,1): error TS1', 2);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Building repl \((1|1\/1)\)\.\.\.\n/);
    expect(result.stderr).toContain('error TS1');
  });
});
