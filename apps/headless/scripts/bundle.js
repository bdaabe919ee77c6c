// Bundles the tsc output (and the @agent/* dist files it reaches) with the `openai` SDK and zod into
// one file, dist/agent-run.js (the `agent-run` bin). Resolving and loading ~260 small CommonJS modules
// was most of a one-turn run's start-up: the bundle makes a turn about 15-30% faster (see
// `pnpm bench`). Every other third-party package stays outside (see runtimeRequire).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { isBuiltin } = require('node:module');
const esbuild = require('esbuild');

const APP_DIR = path.resolve(__dirname, '..');
const PACKAGES_DIR = path.resolve(APP_DIR, '..', '..', 'packages');
const DIST = path.join(APP_DIR, 'dist');
const ENTRY = path.join(DIST, 'main.js');
const OUTFILE = path.join(DIST, 'agent-run.js');
const DEPENDENCIES = Object.keys(require('../package.json').dependencies ?? {});

/**
 * Third-party packages compiled into the bundle: the SDK of the default, fast path, and zod,
 * from which every run derives the JSON Schema of the tools it advertises.
 */
const BUNDLED = new Set(['openai', 'zod']);

/** `zod/v4` -> `zod`, `@aws-sdk/x/y` -> `@aws-sdk/x`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The name of the workspace package whose own files hold `file` (packages/<dir>/...), if any. */
function workspacePackageOf(file) {
  const parts = path.relative(PACKAGES_DIR, file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0]) || parts.includes('node_modules')) {
    return undefined;
  }
  const manifest = path.join(PACKAGES_DIR, parts[0], 'package.json');
  return JSON.parse(fs.readFileSync(manifest, 'utf8')).name;
}

/**
 * Third-party imports of our packages (zod, yaml, the other providers' SDKs, genkit's dynamic
 * import() and all) cannot simply be external: with pnpm's strict layout they resolve only from
 * the package that declares them, not from apps/headless/dist. Each becomes a tiny module that
 * requires it at run time from that package, so it still loads only if and when the code needs it.
 */
const runtimeRequire = {
  name: 'runtime-require',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      // The runtime requires below resolve `@agent/<name>/package.json` from the bundle, which
      // works for direct dependencies; any other require.resolve would resolve from the wrong place.
      if (args.kind === 'require-resolve') {
        if (args.path.startsWith('@agent/')) return { path: args.path, external: true };
        return {
          errors: [{ text: `${args.importer}: require.resolve("${args.path}") in bundled code` }],
        };
      }
      // A dynamic import of a package would bypass the runtime requires.
      if (args.kind === 'dynamic-import') {
        return { errors: [{ text: `${args.importer}: import("${args.path}") in bundled code` }] };
      }
      const name = packageName(args.path);
      if (name.startsWith('@agent/')) {
        // The runtime requires below resolve `<name>/package.json` from apps/headless, so every
        // workspace package in the bundle must be a direct dependency (and never @agent/askuser).
        if (!DEPENDENCIES.includes(name)) {
          return {
            errors: [
              {
                text:
                  `${args.importer} reaches ${name}, which is not a dependency of headless: ` +
                  'declare it (headless must never reach @agent/askuser)',
              },
            ],
          };
        }
        return undefined;
      }
      const owner = workspacePackageOf(args.importer);
      if (owner !== undefined) {
        if (BUNDLED.has(name)) return undefined;
        return { path: `${owner}:${args.path}`, namespace: 'runtime-require' };
      }
      if (!args.importer.includes(`${path.sep}node_modules${path.sep}`)) {
        // The app's own code: its dependencies resolve from the bundle's folder as they are.
        return { path: args.path, external: true };
      }
      // openai 6 has no runtime dependencies; a new one should be a decision, not an accident.
      return {
        errors: [
          { text: `${args.importer} imports "${args.path}": bundle it or load it at run time` },
        ],
      };
    });
    build.onLoad({ filter: /.*/, namespace: 'runtime-require' }, (args) => {
      const split = args.path.indexOf(':', 1);
      const owner = JSON.stringify(`${args.path.slice(0, split)}/package.json`);
      const specifier = JSON.stringify(args.path.slice(split + 1));
      return {
        contents: `module.exports = require('node:module').createRequire(require.resolve(${owner}))(${specifier});\n`,
        loader: 'js',
      };
    });
  },
};

/**
 * esbuild escapes non-ASCII characters in code but keeps comments as they are (an SDK's emoji). An
 * ASCII file loads faster (read as Latin-1, one byte per character in V8): those characters,
 * necessarily in comments, are written as escapes too.
 */
function asciiOnly(file) {
  const text = fs.readFileSync(file, 'utf8');
  const ascii = text.replace(/[^\0-\x7f]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
  if (ascii !== text) fs.writeFileSync(file, ascii);
}

async function main() {
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    outfile: OUTFILE,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Minified (365 KiB instead of 872) it compiled no faster and a turn took no less time;
    // readable stack traces are worth more.
    minify: false,
    logLevel: 'warning',
    metafile: true,
    plugins: [runtimeRequire],
  });
  asciiOnly(OUTFILE);
  fs.chmodSync(OUTFILE, 0o755);
  const inputs = Object.keys(result.metafile.inputs);
  const atRunTime = inputs.filter((input) => input.startsWith('runtime-require:'));
  const kib = (fs.statSync(OUTFILE).size / 1024).toFixed(0);
  console.log(
    `${path.relative(APP_DIR, OUTFILE)}: ${kib} KiB, ${inputs.length - atRunTime.length} modules ` +
      `bundled, ${atRunTime.length} third-party imports left to run time`,
  );
}

main().catch((error) => {
  // esbuild has already printed its errors.
  if (!error?.errors) console.error(error);
  process.exitCode = 1;
});
