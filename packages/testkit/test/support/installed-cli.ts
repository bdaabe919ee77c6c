import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LocalRegistry } from './local-registry';
import { offlineRegistry, runtimeNeeds } from './offline-registry';
import { cleanEnv, run } from './pack';
import { ROOT } from './public-packages';

/** The published package that carries the three commands. */
export const CLI_PACKAGE = '@agent/cli';
export const CLI_DIR = path.join(ROOT, 'apps', 'cli');

/** The commands installed globally into a fresh prefix, from a local registry, by name. */
export interface InstalledCli {
  registry: LocalRegistry;
  prefix: string;
  /** The path of an installed command. */
  bin(name: string): string;
  /** The installed tree's size in bytes (`du -sb PREFIX`) and the install's wall time. */
  bytes: number;
  seconds: number;
}

/**
 * Publishes every public package and the commands to a local registry (see offlineRegistry),
 * then runs the README's `npm install -g @agent/cli`, with `--prefix` into `scratch/prefix`.
 */
export async function installCli(scratch: string, signal: AbortSignal): Promise<InstalledCli> {
  const registry = await offlineRegistry(
    path.join(scratch, 'registry'),
    runtimeNeeds(CLI_DIR),
    signal,
  );
  try {
    const prefix = path.join(scratch, 'prefix');
    const started = process.hrtime.bigint();
    run(
      'npm',
      ['install', '--global', '--prefix', prefix, '--loglevel=error', CLI_PACKAGE],
      scratch,
      {
        env: registry.env,
        timeout: 300_000,
      },
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const bytes = Number(execFileSync('du', ['-sb', prefix], { encoding: 'utf8' }).split('\t')[0]);
    return { registry, prefix, bin: (name) => path.join(prefix, 'bin', name), bytes, seconds };
  } catch (error) {
    await registry.close();
    throw error;
  }
}

/** Every package folder under `modules` (scoped ones as `@scope/name`), recursively. */
export function installedPackages(modules: string): string[] {
  if (!fs.existsSync(modules)) return [];
  return fs.readdirSync(modules).flatMap((entry) => {
    if (entry.startsWith('.')) return [];
    if (entry.startsWith('@')) {
      return fs
        .readdirSync(path.join(modules, entry))
        .flatMap((name) => [
          `${entry}/${name}`,
          ...installedPackages(path.join(modules, entry, name, 'node_modules')),
        ]);
    }
    return [entry, ...installedPackages(path.join(modules, entry, 'node_modules'))];
  });
}

/** What a finished command printed, and how it ended. */
export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs an installed command without blocking this process (the fakes run in it), in a person's
 * environment (nothing of pnpm's or jest's), with `input` on stdin; `during` may act on the
 * running child (send it a signal). A hang is killed after a minute.
 */
export function runCommand(
  bin: string,
  args: string[],
  where: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
  during?: (child: ReturnType<typeof spawn>) => Promise<void>,
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      cwd: where.cwd,
      env: { ...cleanEnv(), ...where.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(where.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    if (during) during(child).catch(reject);
  });
}
