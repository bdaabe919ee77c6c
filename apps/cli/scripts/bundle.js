// Bundles the three commands into dist/ for `npm install -g @agent/cli`: the sources of the apps
// (apps/repl, apps/headless, apps/acp), of every @agent/* package they reach and of the
// third-party packages they load, SDKs included, in one file (dist/commands.js), so that shared
// code ships once and an install downloads two packages instead of ~250 (what a provider SDK
// ships beside the code it runs: types, ESM and CommonJS builds, source maps, a tree of
// OpenTelemetry for genkit). Only the dependencies in package.json stay outside, each for a
// reason: blessed reads its terminfo files and widgets by path, web-tree-sitter its .wasm.
// A file the code reads at run time (require.resolve of a .wasm) is copied into dist/assets/, a
// worker thread's file (*-worker.ts, loaded from __dirname) is bundled beside the commands.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { isBuiltin } = require('node:module');
const esbuild = require('esbuild');
const {
  packageName,
  lazyZodLocales,
  asciiOnly,
  shipAsset,
} = require('../../../scripts/bundle-app.js');

const DIR = path.resolve(__dirname, '..');
const ROOT = path.resolve(DIR, '..', '..');
const DIST = path.join(DIR, 'dist');
const MANIFEST = JSON.parse(fs.readFileSync(path.join(DIR, 'package.json'), 'utf8'));
/** The only packages not bundled: installed beside the bundle as its dependencies. */
const EXTERNAL = new Map(Object.entries(MANIFEST.dependencies ?? {}));
const BINS = Object.keys(MANIFEST.bin);
/** Packages that both import and require() reach: both take the ESM build (one copy). */
const ONE_BUILD = new Set(['zod', 'openai']);

/** Every workspace package and app by name: its folder and manifest. */
function workspace() {
  const found = new Map();
  for (const group of ['packages', 'apps']) {
    for (const entry of fs.readdirSync(path.join(ROOT, group))) {
      const file = path.join(ROOT, group, entry, 'package.json');
      if (!fs.existsSync(file)) continue;
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
      found.set(manifest.name, { dir: path.dirname(file), manifest });
    }
  }
  return found;
}
const WORKSPACE = workspace();
const isOurs = (file) =>
  [...WORKSPACE.values()].some(
    ({ dir }) =>
      file.startsWith(dir + path.sep) && !file.slice(dir.length).includes('node_modules'),
  );

/** `base` as a TypeScript module: base.ts or base/index.ts. */
function typescriptFile(base) {
  for (const file of [`${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

/**
 * The TypeScript source behind a workspace specifier: `@agent/llm/text` is exported as
 * ./dist/text/index.js (source src/text/index.ts), `headless/src/main` names its source, and an
 * app's main (`acp`: dist/agent.js, the app's bundle of src/main.ts) is its src/main.ts.
 */
function workspaceSource(specifier) {
  const name = packageName(specifier);
  const found = WORKSPACE.get(name);
  if (!found) return undefined;
  const subpath = specifier.slice(name.length);
  if (subpath.startsWith('/src/')) return typescriptFile(path.join(found.dir, subpath));
  const { exports: exported, main } = found.manifest;
  const target = exported ? exported[`.${subpath}`]?.default : subpath === '' ? main : undefined;
  if (typeof target !== 'string') return undefined;
  if (!exported && found.dir.startsWith(path.join(ROOT, 'apps'))) {
    return typescriptFile(path.join(found.dir, 'src', 'main'));
  }
  return typescriptFile(
    path.join(found.dir, target.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '')),
  );
}

/** The files run as worker threads (src/**\/*-worker.ts or *.worker.ts), loaded by their name from __dirname. */
function workerEntries() {
  const entries = new Map();
  for (const { dir } of WORKSPACE.values()) {
    const src = path.join(dir, 'src');
    if (!fs.existsSync(src)) continue;
    for (const file of fs.readdirSync(src, { recursive: true })) {
      if (!/[-.]worker\.ts$/.test(file) || /\.test\.ts$/.test(file)) continue;
      const out = path.basename(file, '.ts');
      if (entries.has(out)) throw new Error(`two worker files named ${out}: give one another name`);
      entries.set(out, path.join(src, file));
    }
  }
  return entries;
}

/** The folder of the installed package `name` as Node finds it from `from`. */
function installedDir(name, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) return path.dirname(fs.realpathSync(candidate));
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Third-party packages that only some runs load, each group in a file of its own under
 * dist/vendor/ that is read the first time the code requires one of them: a run that never uses
 * bedrock never parses the AWS SDK. A package reached from two files (zod) is a group too, so it
 * ships once. Packages of one group share state (genkit and its plugin one registry).
 */
const VENDOR_GROUPS = {
  zod: ['zod'],
  // Loaded with the agent, after the REPL's first frame: out of the file that frame waits for.
  openai: ['openai'],
  yaml: ['yaml'],
  markdown: ['marked', 'highlight.js'],
  diff: ['diff'],
  anthropic: ['@anthropic-ai/sdk'],
  bedrock: ['@aws-sdk/client-bedrock-runtime', '@smithy/node-http-handler'],
  genkit: ['genkit', '@genkit-ai/google-genai'],
  tiktoken: ['js-tiktoken'],
  web: ['linkedom', '@mozilla/readability', 'turndown'],
  mcp: ['@modelcontextprotocol/sdk'],
  acp: ['@agentclientprotocol/sdk'],
  // `agent serve`'s HTTP server.
  'web-server': ['hono', '@hono/node-server'],
};
const GROUP_OF = new Map(
  Object.entries(VENDOR_GROUPS).flatMap(([group, names]) => names.map((name) => [name, group])),
);

/**
 * What the builds share: the specifiers each vendor group must export, and the folder each
 * grouped package is bundled from (a package of another version, genkit's zod 3, is bundled
 * where it is used instead).
 */
function vendorState() {
  return { specifiers: new Map(), home: new Map() };
}

/**
 * The resolution of every build: workspace packages from their TypeScript sources, builtins and
 * package.json's dependencies outside, grouped packages through their vendor file, and everything
 * else bundled. `group` is the vendor group this build makes (undefined: the commands).
 */
function resolvePlugin({ workers, vendor, group }) {
  const workerOut = new Map([...workers].map(([out, file]) => [file, out]));
  const vendorDir = group === undefined ? './vendor/' : './';
  return {
    name: 'cli-resolve',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === 'cli-resolve') return undefined;
        if (args.namespace === 'vendor-stub') return { path: args.path, external: true };
        const specifier = args.path;
        const fromDir = path.dirname(args.importer);
        if (args.kind === 'require-resolve') return resolveFile(specifier, args);
        if (specifier === './commands.js' && fromDir === path.join(DIR, 'src')) {
          return { path: specifier, external: true };
        }
        if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
          // An app's version: the installed package's manifest, beside dist/.
          if (specifier === '../package.json' && isOurs(args.importer)) {
            if (path.basename(fromDir) !== 'src') {
              return { errors: [{ text: `${args.importer}: ../package.json outside src/` }] };
            }
            return { path: '../package.json', external: true };
          }
          return undefined;
        }
        if (isBuiltin(specifier)) return { path: specifier, external: true };
        const source = workspaceSource(specifier);
        if (source) return { path: source };
        const name = packageName(specifier);
        if (WORKSPACE.has(name)) {
          return { errors: [{ text: `${specifier}: no TypeScript source behind it` }] };
        }
        if (EXTERNAL.has(name)) return external(name, specifier, args);
        const owner = GROUP_OF.get(name);
        if (owner !== undefined) {
          const dir = installedDir(name, fromDir);
          if (!vendor.home.has(name) && isOurs(args.importer)) vendor.home.set(name, dir);
          if (dir !== undefined && vendor.home.get(name) === dir) {
            if (owner !== group) {
              const wanted = vendor.specifiers.get(owner) ?? new Map();
              wanted.set(specifier, args.resolveDir);
              vendor.specifiers.set(owner, wanted);
              return { path: `${owner}:${specifier}`, namespace: 'vendor-stub' };
            }
          }
        }
        if (args.kind === 'require-call' && ONE_BUILD.has(name) && isOurs(args.importer)) {
          return oneBuild(specifier, args);
        }
        return undefined;
      });

      build.onLoad({ filter: /.*/, namespace: 'vendor-stub' }, (args) => {
        const split = args.path.indexOf(':');
        const file = JSON.stringify(`${vendorDir}${args.path.slice(0, split)}.js`);
        const specifier = JSON.stringify(args.path.slice(split + 1));
        return { contents: `module.exports = require(${file})[${specifier}]();\n`, loader: 'js' };
      });

      async function oneBuild(specifier, args) {
        const { path: resolved, errors } = await build.resolve(specifier, {
          kind: 'import-statement',
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'cli-resolve',
        });
        return errors.length > 0 ? { errors } : { path: resolved };
      }

      function external(name, specifier, args) {
        const dir = installedDir(name, path.dirname(args.importer));
        const version =
          dir && JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
        if (version !== EXTERNAL.get(name)) {
          const wanted = EXTERNAL.get(name);
          return {
            errors: [
              { text: `${args.importer} uses ${name} ${version}; package.json installs ${wanted}` },
            ],
          };
        }
        return { path: specifier, external: true };
      }

      /** require.resolve in bundled code: a path the installed package holds. */
      function resolveFile(specifier, args) {
        // createRequire(require.resolve('@agent/tools/package.json')) loads what the package
        // keeps outside its bundle: here, this package's dependencies.
        if (/^@agent\/[^/]+\/package\.json$/.test(specifier)) {
          return { path: '../package.json', external: true };
        }
        let file;
        try {
          file = require.resolve(specifier, { paths: [path.dirname(args.importer)] });
        } catch {
          file = typescriptFile(path.resolve(path.dirname(args.importer), specifier));
        }
        if (file && workerOut.has(file)) {
          return { path: `./${workerOut.get(file)}.js`, external: true };
        }
        const asset = shipAsset(specifier, args.importer, DIST);
        if (asset)
          return { ...asset, path: `${group === undefined ? '.' : '..'}${asset.path.slice(1)}` };
        const text = `${args.importer}: require.resolve("${specifier}") in bundled code`;
        return { errors: [{ text }] };
      }
    },
  };
}

/** One esbuild run: CommonJS for Node 20, readable (stack traces), ASCII only (loads faster). */
/**
 * The web page's files (packages/web/public) are read from beside the package's own module,
 * which the bundle has no folder for: the module that reads them (src/page-files.ts) becomes one
 * that holds their text.
 */
const inlinePageFiles = {
  name: 'inline-page-files',
  setup(build) {
    const web = WORKSPACE.get('@agent/web').dir;
    const module = path.join(web, 'src', 'page-files.ts');
    const filter = new RegExp(`^${module.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
    build.onLoad({ filter }, () => {
      const dir = path.join(web, 'public');
      const files = Object.fromEntries(
        fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]),
      );
      const contents = `export const pageFiles = () => (${JSON.stringify(files)});\n`;
      return { contents, loader: 'ts' };
    });
  },
};

async function bundle(entryPoints, plugins, outdir) {
  const result = await esbuild.build({
    entryPoints,
    absWorkingDir: DIR,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [...plugins, lazyZodLocales, inlinePageFiles],
  });
  const outputs = Object.entries(result.metafile.outputs);
  for (const [file] of outputs) asciiOnly(path.join(DIR, file));
  return outputs.map(([file, output]) => `${file}: ${(output.bytes / 1024).toFixed(0)} KiB`);
}

/** A vendor file: an object of loaders, one per specifier the other files require. */
function vendorEntry(group, wanted) {
  const lines = [...wanted.keys()].sort().map((specifier) => {
    const quoted = JSON.stringify(specifier);
    return `  ${quoted}: () => require(${quoted}),`;
  });
  return {
    name: 'vendor-entry',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^vendor-entry:${group}$`) }, () => ({
        path: group,
        namespace: 'vendor-entry-file',
      }));
      build.onLoad({ filter: /.*/, namespace: 'vendor-entry-file' }, () => ({
        contents: `module.exports = {\n${lines.join('\n')}\n};\n`,
        loader: 'js',
        resolveDir: DIR,
      }));
      // What the file exports resolves as an import, from where it was required, so that an
      // import and a require() of zod reach one build of it.
      build.onResolve({ filter: /.*/, namespace: 'vendor-entry-file' }, async (args) => {
        const { path: resolved, errors } = await build.resolve(args.path, {
          kind: 'import-statement',
          resolveDir: wanted.get(args.path),
          pluginData: 'cli-resolve',
        });
        return errors.length > 0 ? { errors } : { path: resolved };
      });
    },
  };
}

async function main() {
  fs.rmSync(DIST, { recursive: true, force: true });
  const workers = workerEntries();
  const vendor = vendorState();
  const report = await bundle(
    [
      ...BINS.map((bin) => ({ in: path.join(DIR, 'src', `${bin}.ts`), out: bin })),
      { in: path.join(DIR, 'src', 'commands.ts'), out: 'commands' },
      ...[...workers].map(([out, file]) => ({ in: file, out })),
    ],
    [resolvePlugin({ workers, vendor, group: undefined })],
    DIST,
  );
  // A vendor file can need another's packages (the MCP SDK zod): build until none is missing.
  const built = new Map();
  for (;;) {
    const stale = [...vendor.specifiers].filter(
      ([group, wanted]) => built.get(group) !== [...wanted.keys()].sort().join('\n'),
    );
    if (stale.length === 0) break;
    for (const [group, wanted] of stale) {
      built.set(group, [...wanted.keys()].sort().join('\n'));
      const plugins = [vendorEntry(group, wanted), resolvePlugin({ workers, vendor, group })];
      const lines = await bundle(
        [{ in: `vendor-entry:${group}`, out: group }],
        plugins,
        path.join(DIST, 'vendor'),
      );
      report.push(...lines);
    }
  }
  for (const bin of BINS) fs.chmodSync(path.join(DIST, `${bin}.js`), 0o755);
  console.log([...new Set(report)].join('\n'));
}

main().catch((error) => {
  // esbuild has already printed its errors.
  if (!error?.errors) console.error(error);
  process.exitCode = 1;
});
