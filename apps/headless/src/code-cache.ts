import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

export interface CachedModule<T> {
  exports: T;
  /** Whether V8 accepted a cache stored by an earlier run. */
  fromCache: boolean;
  /**
   * Stores the code compiled so far, unless the cache already held it. Call after a run that did
   * what runs usually do (the cache keeps what that run compiled). Never throws.
   */
  save(): void;
}

/** Caches nobody has written for this long (other Node versions, flags or builds) are removed. */
const STALE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** How many builds' caches one runtime keeps, the one being written included. */
const KEPT_BUILDS = 3;

/** CRC-32 where Node has it (20.15+: a tenth of a hash's time, and no crypto to load), else SHA-1. */
function fingerprint(data: Buffer): string {
  const crc32 = (zlib as { crc32?: (data: Buffer) => number }).crc32;
  if (crc32) return `${data.length.toString(16)}${crc32(data).toString(16).padStart(8, '0')}`;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha1').update(data).digest('hex').slice(0, 20);
}

/**
 * What V8 checks a cache against besides the source: its version and the flags in force (V8
 * rejects a cache made under others, so each set gets its own file instead of trading one).
 */
function runtimeKey(): string {
  const flags = `${process.execArgv.join(' ')}\n${process.env.NODE_OPTIONS ?? ''}`;
  return `${process.version}-${process.arch}-${fingerprint(Buffer.from(flags))}`;
}

/** A cache is code this process will run: only one the user alone could have written is used. */
function readOwnCache(file: string): Buffer | undefined {
  try {
    const stat = fs.lstatSync(file);
    if (!stat.isFile()) return undefined;
    const uid = process.getuid?.(); // POSIX only; Windows has no such mode bits
    if (uid !== undefined && (stat.uid !== uid || (stat.mode & 0o022) !== 0)) return undefined;
    return fs.readFileSync(file);
  } catch {
    return undefined; // none yet
  }
}

/**
 * Requires a CommonJS file with V8's code cache kept in `cacheDir`, so a run skips compiling what
 * an earlier run of the same file compiled. Node 22 offers this as module.enableCompileCache();
 * Node 20 does not. The cache file is named after the file's contents (V8 itself checks only the
 * length), the Node version and flags and the architecture.
 */
export function requireWithCodeCache<T>(file: string, cacheDir: string): CachedModule<T> {
  const bytes = fs.readFileSync(file);
  // Latin-1 reads ASCII (what esbuild emits) as UTF-8 would, several times faster.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const stem = `${path.basename(file, '.js')}-${runtimeKey()}-`;
  const cacheFile = path.join(cacheDir, `${stem}${fingerprint(bytes)}.v8cache`);
  const cachedData = readOwnCache(cacheFile);
  // The wrapper shares line 1 with the code, so stack traces keep the file's line numbers.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  // Absent before Node 20.18 (`engines` allows 20.11).
  const constants = vm.constants as Partial<typeof vm.constants> | undefined;
  const dynamicImport = constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  const script = new vm.Script(wrapped, {
    filename: file,
    cachedData,
    // Where Node offers it (20.18+), import() in the file works as in any module.
    ...(dynamicImport !== undefined && { importModuleDynamically: dynamicImport }),
  });
  const fromCache = cachedData !== undefined && script.cachedDataRejected !== true;
  const module = { exports: {} as T, filename: file, id: file, loaded: false };
  const load = script.runInThisContext() as (...args: unknown[]) => void;
  load.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  module.loaded = true;
  return {
    exports: module.exports,
    fromCache,
    save() {
      if (fromCache) return;
      try {
        fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
        const partial = `${cacheFile}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
        fs.writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(partial, cacheFile);
      } catch {
        return; // an unwritable cache only costs the next run some speed
      }
      removeStale(cacheDir, stem, cacheFile);
    },
  };
}

/**
 * Keeps the newest few caches of this runtime (other builds, say two checkouts sharing the agent
 * home) and removes the rest, and cache files nobody has written for a month. Never throws.
 */
function removeStale(cacheDir: string, stem: string, keep: string): void {
  const now = Date.now();
  const sameRuntime: Array<{ file: string; mtimeMs: number }> = [];
  const remove = (file: string): void => {
    try {
      fs.rmSync(file, { force: true });
    } catch {
      // Someone else's to clean up.
    }
  };
  let names: string[];
  try {
    names = fs.readdirSync(cacheDir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(cacheDir, name);
    if (file === keep || !/\.(v8cache|tmp)$/.test(name)) continue;
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(file);
    } catch {
      continue;
    }
    if (!stat.isFile()) continue;
    if (now - stat.mtimeMs > STALE_AFTER_MS) remove(file);
    else if (name.startsWith(stem) && name.endsWith('.v8cache')) {
      sameRuntime.push({ file, mtimeMs: stat.mtimeMs });
    }
  }
  sameRuntime.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { file } of sameRuntime.slice(KEPT_BUILDS - 1)) remove(file);
}
