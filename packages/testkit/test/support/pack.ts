import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * This environment without what pnpm sets for the scripts it runs: NODE_PATH would let a program
 * outside the workspace resolve the workspace's packages, npm_* would carry its settings.
 */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => key !== 'NODE_PATH' && key !== 'INIT_CWD' && !/^npm_/i.test(key),
    ),
  );
}

/**
 * Runs a command to its end and returns its stdout; throws with its output on failure. The
 * timeout only stops a hang: a type-check on a 2-core machine busy with another build takes
 * minutes.
 */
export function run(
  command: string,
  args: string[],
  cwd: string,
  options: { timeout?: number; env?: NodeJS.ProcessEnv } = {},
): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...cleanEnv(), CI: '1', ...options.env },
      timeout: options.timeout ?? 300_000,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}${stderr ?? ''}`,
      {
        cause: error,
      },
    );
  }
}

/** `pnpm pack` of the package in `dir` (its prepack guard runs) into `destination`: the tarball. */
export function pack(dir: string, destination: string): string {
  fs.mkdirSync(destination, { recursive: true });
  const before = new Set(fs.readdirSync(destination));
  run('pnpm', ['pack', '--pack-destination', destination], dir);
  const added = fs.readdirSync(destination).filter((file) => !before.has(file));
  if (added.length !== 1)
    throw new Error(`${dir}: pnpm pack wrote ${added.join(', ') || 'nothing'}`);
  return path.join(destination, added[0]!);
}

/** The paths inside a tarball, without the leading `package/`. */
export function tarballListing(tarball: string): string[] {
  return run('tar', ['-tzf', tarball], path.dirname(tarball))
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.replace(/^package\//, ''));
}

/** The package.json inside a tarball (after pnpm replaced `workspace:` ranges). */
export function tarballManifest(tarball: string): Record<string, unknown> {
  return JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], path.dirname(tarball)));
}
