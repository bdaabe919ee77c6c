import fs from 'node:fs';
import path from 'node:path';
import { installedClosure, publishInstalled } from './installed-closure';
import { startLocalRegistry, type LocalRegistry } from './local-registry';
import { run } from './pack';
import { PUBLIC_PACKAGES, ROOT, packageDir } from './public-packages';

/** The runtime dependencies and required peers of the workspace package in `dir`. */
export function runtimeNeeds(dir: string): { name: string; from: string }[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const optional = manifest.peerDependenciesMeta ?? {};
  const peers = Object.keys(manifest.peerDependencies ?? {}).filter(
    (name) => !optional[name]?.optional,
  );
  return [...Object.keys(manifest.dependencies ?? {}), ...peers].map((name) => ({
    name,
    from: dir,
  }));
}

/**
 * A local registry that holds everything the tests install, and nothing from the network:
 * `extra` third-party packages (as pnpm installed them) with what our public packages need, then
 * our public packages published by the project's release tooling (`changeset publish`).
 */
export async function offlineRegistry(
  dir: string,
  extra: { name: string; from: string }[],
  signal: AbortSignal,
): Promise<LocalRegistry> {
  const registry = await startLocalRegistry(dir, signal);
  try {
    const roots = [...PUBLIC_PACKAGES.flatMap((name) => runtimeNeeds(packageDir(name))), ...extra];
    await publishInstalled(installedClosure(roots), registry, path.join(dir, 'tarballs'), signal);
    run('pnpm', ['exec', 'changeset', 'publish', '--no-git-tag'], ROOT, {
      env: registry.publishEnv,
      timeout: 300_000,
    });
    return registry;
  } catch (error) {
    await registry.close();
    throw error;
  }
}
