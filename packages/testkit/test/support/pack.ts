import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Runs a command to its end and returns its stdout; throws with its output on failure. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  options: { timeout?: number; env?: NodeJS.ProcessEnv } = {},
): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1', npm_config_user_agent: undefined, ...options.env },
    timeout: options.timeout ?? 120_000,
  });
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
