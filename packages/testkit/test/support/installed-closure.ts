import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** One installed third-party package: where pnpm put it, and its manifest. */
export interface InstalledPackage {
  dir: string;
  manifest: { name: string; version: string } & Record<string, unknown>;
}

/** The folder of `name` as Node would find it from `from` (walking up node_modules). */
function findInstalled(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Every third-party package an install of `roots` needs, from what `pnpm install` already put
 * in node_modules: each root (`name` found from `from`) with its dependencies, optional
 * dependencies and peer dependencies, transitively. Optional ones absent here are skipped (npm
 * skips them too when the registry lacks them). `@agent/*` packages are published separately.
 */
export function installedClosure(roots: { name: string; from: string }[]): InstalledPackage[] {
  const found = new Map<string, InstalledPackage>();
  const queue = roots.map((root) => ({ ...root, optional: false }));
  while (queue.length > 0) {
    const { name, from, optional } = queue.shift()!;
    if (name.startsWith('@agent/')) continue;
    const dir = findInstalled(name, from);
    // A workspace package (an app) is packed and installed as a tarball, not published here.
    if (dir && !dir.split(path.sep).includes('node_modules')) continue;
    if (!dir) {
      if (optional) continue;
      throw new Error(`${name} (needed from ${from}) is not installed: run pnpm install`);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const key = `${manifest.name}@${manifest.version}`;
    if (found.has(key)) continue;
    found.set(key, { dir, manifest });
    const optionalPeers = (manifest.peerDependenciesMeta ?? {}) as Record<
      string,
      { optional?: boolean }
    >;
    const edges: [Record<string, string> | undefined, (dep: string) => boolean][] = [
      [manifest.dependencies, () => false],
      [manifest.optionalDependencies, () => true],
      [manifest.peerDependencies, (dep) => optionalPeers[dep]?.optional === true],
    ];
    for (const [deps, isOptional] of edges) {
      for (const dep of Object.keys(deps ?? {})) {
        queue.push({ name: dep, from: dir, optional: isOptional(dep) });
      }
    }
  }
  return [...found.values()];
}

/** `name` -> the file name npm gives its tarball (`@scope/x` -> `x-1.0.0.tgz`). */
const tarballName = (name: string, version: string) => `${name.split('/').pop()}-${version}.tgz`;

/**
 * Publishes installed packages to a registry as they are (their files, their package.json),
 * straight through the registry's publish API: one request each, no npm process per package.
 * Versions of one name go in ascending order, so `latest` is the newest.
 */
export async function publishInstalled(
  packages: InstalledPackage[],
  registry: { url: string; token: string },
  scratch: string,
  signal: AbortSignal,
): Promise<void> {
  fs.mkdirSync(scratch, { recursive: true });
  const ordered = [...packages].sort(
    (a, b) =>
      a.manifest.name.localeCompare(b.manifest.name) ||
      a.manifest.version.localeCompare(b.manifest.version, 'en', { numeric: true }),
  );
  for (const { dir, manifest } of ordered) {
    signal.throwIfAborted();
    const { name, version } = manifest;
    const file = path.join(scratch, `${name.replace('/', '+')}-${version}.tgz`);
    // pnpm's store links identical files to one another; npm does not extract tar's hard links.
    execFileSync(
      'tar',
      [
        '-czf',
        file,
        '--hard-dereference',
        '--exclude=./node_modules',
        '--transform',
        's,^\\.,package,',
        '-C',
        dir,
        '.',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const data = fs.readFileSync(file);
    const attachment = tarballName(name, version);
    const body = {
      _id: name,
      name,
      'dist-tags': { latest: version },
      versions: {
        [version]: {
          ...manifest,
          _id: `${name}@${version}`,
          dist: {
            tarball: `${registry.url}/${name}/-/${attachment}`,
            shasum: crypto.createHash('sha1').update(data).digest('hex'),
            integrity: `sha512-${crypto.createHash('sha512').update(data).digest('base64')}`,
          },
        },
      },
      _attachments: {
        [attachment]: {
          content_type: 'application/octet-stream',
          data: data.toString('base64'),
          length: data.length,
        },
      },
    };
    const url = `${registry.url}/${name.replace('/', '%2f')}`;
    const { status, text } = await put(url, registry.token, JSON.stringify(body), signal).catch(
      (error: unknown) => {
        throw new Error(`publishing ${name}@${version} (${data.length} bytes) failed`, {
          cause: error,
        });
      },
    );
    if (status >= 300) throw new Error(`publishing ${name}@${version}: ${status} ${text}`);
    fs.rmSync(file);
  }
}

/**
 * One PUT on a connection of its own: a kept-alive connection the server closes while a large
 * body is being written fails with EPIPE.
 */
function put(
  url: string,
  token: string,
  body: string,
  signal: AbortSignal,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'PUT',
        agent: false,
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
