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
  /** Stores the code compiled so far, when the cache did not already hold it. Never throws. */
  save(): void;
}

/** CRC-32 where Node has it (20.15+: a tenth of a hash's time, and no crypto to load), else SHA-1. */
function fingerprint(bytes: Buffer): string {
  const crc32 = (zlib as { crc32?: (data: Buffer) => number }).crc32;
  if (crc32) return `${bytes.length}-${crc32(bytes).toString(16)}`;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha1').update(bytes).digest('hex').slice(0, 20);
}

/**
 * Requires a CommonJS file with V8's code cache kept in `cacheDir`, so a run skips compiling what
 * an earlier run of the same file compiled. Node 22 offers this as module.enableCompileCache();
 * Node 20 does not. The cache file is named after the file's contents (V8 itself checks only the
 * length), the Node version and the architecture; one V8 rejects is rewritten after the run.
 */
export function requireWithCodeCache<T>(file: string, cacheDir: string): CachedModule<T> {
  const bytes = fs.readFileSync(file);
  // Latin-1 reads ASCII (what esbuild emits) as UTF-8 would, several times faster.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const key = `${process.version}-${process.arch}-${fingerprint(bytes)}`;
  const stem = path.basename(file, '.js');
  const cacheFile = path.join(cacheDir, `${stem}-${key}.v8cache`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // No cache yet: this run compiles everything and saves it.
  }
  // The wrapper shares line 1 with the code, so stack traces keep the file's line numbers.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
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
        fs.mkdirSync(cacheDir, { recursive: true });
        for (const name of fs.readdirSync(cacheDir)) {
          if (name.startsWith(`${stem}-`) && name.endsWith('.v8cache')) {
            fs.rmSync(path.join(cacheDir, name), { force: true });
          }
        }
        const partial = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(partial, script.createCachedData());
        fs.renameSync(partial, cacheFile);
      } catch {
        // An unwritable cache only costs the next run some speed.
      }
    },
  };
}
