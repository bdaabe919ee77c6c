import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const PUBLISHABLE = ['tools', 'llm', 'session', 'askuser', 'subagents', 'runtime', 'mcp'];

interface Manifest {
  name: string;
  version: string;
  license?: string;
  types?: string;
  files?: string[];
  exports?: Record<string, unknown>;
  private?: boolean;
  dependencies?: Record<string, string>;
}

function manifestOf(dir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1', npm_config_user_agent: undefined },
    timeout: 90_000,
  });
}

/** Installs the tarballs: from the store and metadata cache when possible, else the npm registry. */
function installScratch(dir: string): void {
  try {
    run('pnpm', ['install', '--offline', '--no-frozen-lockfile', '--reporter=silent'], dir);
  } catch {
    run('pnpm', ['install', '--prefer-offline', '--no-frozen-lockfile', '--reporter=silent'], dir);
  }
}

describe('publishable packages', () => {
  it.each(PUBLISHABLE)('%s declares what a registry consumer needs', (dir) => {
    const manifest = manifestOf(path.join(ROOT, 'packages', dir));
    expect(manifest.name).toBe(`@agent/${dir}`);
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.license).toBeTruthy();
    expect(manifest.private).not.toBe(true);
    expect(manifest.types).toMatch(/^(\.\/)?dist\/.*\.d\.ts$/);
    expect(manifest.files).toContain('dist');
    expect(manifest.exports).toHaveProperty(['.']);
  });

  it('pack into tarballs that install and load outside the workspace', () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-pack-'));
    try {
      const tarballs = path.join(scratch, 'tarballs');
      const project = path.join(scratch, 'project');
      fs.mkdirSync(tarballs);
      fs.mkdirSync(project);

      const deps: Record<string, string> = {};
      const entryPoints: string[] = [];
      for (const dir of PUBLISHABLE) {
        const packageDir = path.join(ROOT, 'packages', dir);
        const { name, version, exports = {} } = manifestOf(packageDir);
        for (const subpath of Object.keys(exports)) {
          if (subpath !== './package.json') entryPoints.push(name + subpath.slice(1));
        }
        expect(fs.existsSync(path.join(packageDir, 'dist', 'index.js'))).toBe(true);
        run('pnpm', ['pack', '--pack-destination', tarballs], packageDir);
        const file = path.join(
          tarballs,
          `${name.replace('@', '').replace('/', '-')}-${version}.tgz`,
        );
        expect(fs.existsSync(file)).toBe(true);
        const listing = run('tar', ['-tzf', file], scratch).split('\n').filter(Boolean);
        expect(listing).toContain('package/package.json');
        expect(listing).toContain('package/dist/index.js');
        expect(listing).toContain('package/dist/index.d.ts');
        expect(listing.filter((entry) => /\/src\/|\.test\./.test(entry))).toEqual([]);
        const packed: Manifest = JSON.parse(
          run('tar', ['-xzOf', file, 'package/package.json'], scratch),
        );
        expect(
          Object.values(packed.dependencies ?? {}).filter((v) => v.startsWith('workspace:')),
        ).toEqual([]);
        deps[name] = `file:${file}`;
      }

      fs.writeFileSync(
        path.join(project, 'package.json'),
        JSON.stringify({
          name: 'pack-scratch',
          version: '0.0.0',
          private: true,
          dependencies: deps,
        }),
      );
      const workspaceYaml = fs.readFileSync(path.join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
      const settings = workspaceYaml.replace(/^packages:\n(?:\s+-.*\n)*/m, '');
      const overrides = Object.entries(deps)
        .map(([name, spec]) => `  '${name}': '${spec}'`)
        .join('\n');
      fs.writeFileSync(
        path.join(project, 'pnpm-workspace.yaml'),
        /^overrides:\n/m.test(settings)
          ? settings.replace(/^overrides:\n/m, `overrides:\n${overrides}\n`)
          : `${settings}\noverrides:\n${overrides}\n`,
      );
      fs.copyFileSync(path.join(ROOT, 'pnpm-lock.yaml'), path.join(project, 'pnpm-lock.yaml'));

      installScratch(project);

      const loaded = run(
        process.execPath,
        [
          '-e',
          `const names = ${JSON.stringify(entryPoints)};
           const out = {};
           for (const name of names) out[name] = Object.keys(require(name)).length;
           console.log(JSON.stringify(out));`,
        ],
        project,
      );
      const counts: Record<string, number> = JSON.parse(loaded);
      expect(Object.keys(counts).sort()).toEqual([...entryPoints].sort());
      expect(entryPoints).toContain('@agent/llm/config');
      const resolved = run(process.execPath, ['-p', "require.resolve('@agent/llm')"], project);
      expect(fs.realpathSync(resolved.trim()).startsWith(ROOT)).toBe(false);
      for (const name of entryPoints) expect(counts[name]).toBeGreaterThan(0);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);
});
