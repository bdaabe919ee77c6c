// Bundles an app (apps/headless, apps/acp) from its TypeScript sources, and the sources of the
// @agent/* packages it reaches, with the `openai` SDK and zod, into one file: dist/agent.js. Every
// other third-party package stays outside (see runtimeRequire). From the sources, esbuild hoists
// every module into one scope instead of wrapping ~400 CommonJS modules that tsc wrote; the bin
// (src/<bin>.ts) turns Node's compile cache on and then loads the bundle.
// Measured with `pnpm bench` (one turn, Node 24, headless): the tsc output bundled took 1.35x the
// bare SDK, these sources bundled without the compile cache 1.28x, with it 1.15x.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { isBuiltin } = require('node:module');

const PACKAGES_DIR = path.resolve(__dirname, '..', 'packages');
/** How the bin names the bundle (kept out of the bin's own build). */
const AGENT_FROM_BIN = './agent.js';

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
 * The TypeScript source behind a workspace package's export: `@agent/llm/text` is exported as
 * ./dist/text/index.js, whose source is src/text/index.ts.
 */
function sourceOf(appDir, specifier, name) {
  const manifestPath = require.resolve(`${name}/package.json`, { paths: [appDir] });
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const target = manifest.exports?.[`.${specifier.slice(name.length)}`]?.default;
  const source =
    typeof target === 'string' && /^\.\/dist\/.*\.js$/.test(target)
      ? path.join(
          path.dirname(manifestPath),
          target.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'),
        )
      : undefined;
  if (source === undefined || !fs.existsSync(source)) {
    throw new Error(`${specifier}: no TypeScript source behind its export ${target}`);
  }
  return source;
}

/**
 * Third-party imports of our packages (zod, yaml, the other providers' SDKs, genkit's dynamic
 * import() and all) cannot simply be external: with pnpm's strict layout they resolve only from
 * the package that declares them, not from apps/headless/dist. Each becomes a tiny module that
 * requires it at run time from that package, so it still loads only if and when the code needs it.
 */
function runtimeRequire(app) {
  const { BIN, DEPENDENCIES, name: appName, note } = app;
  return {
    name: 'runtime-require',
    setup(build) {
      build.onResolve({ filter: /^\.\/agent\.js$/ }, (args) =>
        args.importer === BIN.in ? { path: AGENT_FROM_BIN, external: true } : undefined,
      );
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        // The runtime requires below resolve `@agent/<name>/package.json` from the bundle, which
        // works for direct dependencies; any other require.resolve would resolve from the wrong place.
        if (args.kind === 'require-resolve') {
          if (args.path.startsWith('@agent/')) return { path: args.path, external: true };
          const asset = shipAsset(args.path, args.importer, path.join(app.dir, 'dist'));
          if (asset) return asset;
          return {
            errors: [{ text: `${args.importer}: require.resolve("${args.path}") in bundled code` }],
          };
        }
        // A dynamic import of a package would bypass the runtime requires (the app's own import()
        // of an ES module package stays: Node resolves it from the app).
        if (args.kind === 'dynamic-import' && workspacePackageOf(args.importer) !== undefined) {
          return { errors: [{ text: `${args.importer}: import("${args.path}") in bundled code` }] };
        }
        const name = packageName(args.path);
        if (name.startsWith('@agent/')) {
          // The runtime requires below resolve `<name>/package.json` from the app, so every
          // workspace package in the bundle must be a direct dependency.
          if (DEPENDENCIES.includes(name)) return { path: sourceOf(app.dir, args.path, name) };
          return {
            errors: [
              {
                text:
                  `${args.importer} reaches ${name}, which is not a dependency of ${appName}: ` +
                  `declare it${note ? ` (${note})` : ''}`,
              },
            ],
          };
        }
        const owner = workspacePackageOf(args.importer);
        if (owner !== undefined) {
          if (BUNDLED.has(name)) {
            // An import and a lazy require() of zod must not bundle two copies of it (its ESM and
            // its CommonJS build): both take the ESM build, which esbuild hoists into the bundle's
            // scope.
            if (args.kind !== 'require-call') return undefined;
            const { path: resolved, errors } = await build.resolve(args.path, {
              kind: 'import-statement',
              importer: args.importer,
              resolveDir: args.resolveDir,
            });
            return errors.length > 0 ? { errors } : { path: resolved };
          }
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
}

/**
 * A data file that bundled code finds with require.resolve (tree-sitter's .wasm grammar): copied
 * into dist/assets/ and resolved there at run time. Undefined for a module.
 */
function shipAsset(specifier, importer, dist) {
  let file;
  try {
    file = require.resolve(specifier, { paths: [path.dirname(importer)] });
  } catch {
    return undefined;
  }
  if (/\.(c|m)?(j|t)s$|\.json$|\.node$/.test(file)) return undefined;
  const name = path.basename(file);
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.copyFileSync(file, path.join(dist, 'assets', name));
  return { path: `./assets/${name}`, external: true };
}

/**
 * zod's locale index re-exports its ~60 translations, so every run initialised all of them to use
 * English, which zod loads on its own (about 4 ms). Here each one becomes a getter that loads its
 * translation when read: `z.locales.fr` still works. The build fails if the index changes shape.
 */
const lazyZodLocales = {
  name: 'lazy-zod-locales',
  setup(build) {
    // In their own namespace: zod's package.json makes its .js files ES modules, and this is not.
    build.onResolve({ filter: /[\\/]locales[\\/]index\.js$/ }, async (args) => {
      if (args.pluginData === 'lazy-zod-locales') return undefined;
      const { path: resolved, errors } = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'lazy-zod-locales',
      });
      if (errors.length > 0) return { errors };
      if (!/[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/.test(resolved)) return undefined;
      return { path: resolved, namespace: 'lazy-zod-locales' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-zod-locales' }, (args) => {
      const lines = fs.readFileSync(args.path, 'utf8').split('\n').filter(Boolean);
      const reExport = /^export \{ default as (\w+) \} from ("\.\/[\w-]+\.js");$/;
      if (lines.length === 0 || !lines.every((line) => reExport.test(line))) {
        return { errors: [{ text: `${args.path}: not the shape lazy-zod-locales rewrites` }] };
      }
      const getters = lines.map((line) => {
        const [, name, specifier] = reExport.exec(line);
        return `Object.defineProperty(module.exports, "${name}", { enumerable: true, get: () => require(${specifier}).default });`;
      });
      return { contents: getters.join('\n'), loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * esbuild escapes non-ASCII characters in strings but keeps them in comments (an SDK's emoji) and
 * in regular expressions. An ASCII file loads faster (read as Latin-1, one byte per character in
 * V8): what is left is written as escapes too, one `\uXXXX` per UTF-16 unit, which means the same
 * in a comment, a string and a regular expression with or without the `u` flag (`\u{...}` is no
 * escape in a regular expression without it). Not covered: a non-ASCII character right after a
 * backslash, or in a tagged template (`String.raw`).
 */
function asciiOnly(file) {
  const text = fs.readFileSync(file, 'utf8');
  const ascii = text.replace(
    /[^\0-\x7f]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (ascii !== text) fs.writeFileSync(file, ascii);
}

/**
 * Bundles the app in `dir`: `bin` (src/<bin>.ts, the package's bin) and src/main.ts as
 * dist/agent.js. `note` is added to the error for an undeclared workspace package; `esbuild` is
 * the app's own (each app declares the esbuild it builds with).
 */
async function bundleApp({ dir, bin, note, esbuild }) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const app = {
    dir,
    name: manifest.name,
    note,
    BIN: { in: path.join(dir, 'src', `${bin}.ts`), out: bin },
    DEPENDENCIES: Object.keys(manifest.dependencies ?? {}),
  };
  const DIST = path.join(dir, 'dist');
  const AGENT = { in: path.join(dir, 'src', 'main.ts'), out: 'agent' };
  const BIN = app.BIN;
  // Nothing else ships from dist/: no stale output of an older build may linger there.
  fs.rmSync(DIST, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: [BIN, AGENT],
    outdir: DIST,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Minified (365 KiB instead of 872) it compiled no faster and a turn took no less time;
    // readable stack traces are worth more.
    minify: false,
    logLevel: 'warning',
    metafile: true,
    plugins: [runtimeRequire(app), lazyZodLocales],
  });
  const agent = path.join(DIST, `${AGENT.out}.js`);
  asciiOnly(agent);
  fs.chmodSync(path.join(DIST, `${BIN.out}.js`), 0o755);
  const inputs = Object.keys(result.metafile.inputs);
  const atRunTime = inputs.filter((input) => input.startsWith('runtime-require:'));
  const kib = (fs.statSync(agent).size / 1024).toFixed(0);
  console.log(
    `${path.relative(dir, agent)}: ${kib} KiB, ${inputs.length - atRunTime.length} modules ` +
      `bundled, ${atRunTime.length} third-party imports left to run time`,
  );
}

/** Runs bundleApp as a build script: its errors set the exit code. */
function runBundle(options) {
  bundleApp(options).catch((error) => {
    // esbuild has already printed its errors.
    if (!error?.errors) console.error(error);
    process.exitCode = 1;
  });
}

module.exports = { bundleApp, runBundle, packageName, lazyZodLocales, asciiOnly, shipAsset };
