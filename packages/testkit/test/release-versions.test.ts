import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from './support/pack';
import { PUBLIC_PACKAGES, ROOT, packageDir } from './support/public-packages';

const CHANGESET = path.join(ROOT, 'node_modules', '.bin', 'changeset');

/**
 * A scratch copy of what `changeset version` reads: the root manifest and workspace file, the
 * changesets' configuration and every workspace manifest, with `changesets` as the only pending
 * ones. Returns its root.
 */
function scratchWorkspace(scratch: string, changesets: Record<string, string>): string {
  const root = path.join(scratch, 'workspace');
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(root, file));
  }
  for (const group of ['packages', 'apps']) {
    for (const name of fs.readdirSync(path.join(ROOT, group))) {
      const manifest = path.join(ROOT, group, name, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      fs.mkdirSync(path.join(root, group, name), { recursive: true });
      fs.copyFileSync(manifest, path.join(root, group, name, 'package.json'));
    }
  }
  for (const [name, text] of Object.entries(changesets)) {
    fs.writeFileSync(path.join(root, '.changeset', name), text);
  }
  return root;
}

/** Every public package's version after `changeset version` in `root`. */
function versionsAfterRelease(root: string): Record<string, string> {
  run(CHANGESET, ['version'], root, { timeout: 120_000 });
  return Object.fromEntries(
    PUBLIC_PACKAGES.map((name) => {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8'),
      );
      return [manifest.name as string, manifest.version as string];
    }),
  );
}

const currentVersion = (name: string): string =>
  JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')).version;

/**
 * The documented release (`pnpm changeset version`) run for real on a copy of the workspace: a
 * minor of a 0.x package stays a minor and leaves the packages that only peer on it where they
 * are (before, each `^0.x` peer left its range and six packages became 1.0.0).
 */
describe('changeset version on the workspace', () => {
  let scratch: string;

  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-release-'));
  });
  afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('makes a minor of @agent/tools a minor and bumps nothing that only peers on it', () => {
    const root = scratchWorkspace(scratch, {
      'tools-minor.md': "---\n'@agent/tools': minor\n---\n\nA new tool option.\n",
    });
    const before = currentVersion('tools');
    const [major, minor] = before.split('.').map(Number);
    const versions = versionsAfterRelease(root);
    const expected = Object.fromEntries(
      PUBLIC_PACKAGES.map((name) => [`@agent/${name}`, currentVersion(name)]),
    );
    expected['@agent/tools'] = `${major}.${minor! + 1}.0`;
    expect(versions).toEqual(expected);
    // The peer ranges still accept the new @agent/tools.
    for (const name of PUBLIC_PACKAGES) {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8'),
      );
      const range = manifest.peerDependencies?.['@agent/tools'];
      if (range !== undefined)
        expect({ name, range }).toEqual({ name, range: 'workspace:>=0.1.0 <1' });
    }
  });

  it('makes a minor of @agent/tool-contract a minor, a patch of @agent/tools, and bumps no peer', () => {
    const root = scratchWorkspace(scratch, {
      'contract-minor.md': "---\n'@agent/tool-contract': minor\n---\n\nA new ToolResult field.\n",
    });
    const bump = (version: string, part: 'minor' | 'patch') => {
      const [major, minor, patch] = version.split('.').map(Number);
      return part === 'minor' ? `${major}.${minor! + 1}.0` : `${major}.${minor}.${patch! + 1}`;
    };
    const expected = Object.fromEntries(
      PUBLIC_PACKAGES.map((name) => [`@agent/${name}`, currentVersion(name)]),
    );
    expected['@agent/tool-contract'] = bump(currentVersion('tool-contract'), 'minor');
    // @agent/tools depends on the contract (it re-exports it): its range moves, a patch.
    expected['@agent/tools'] = bump(currentVersion('tools'), 'patch');
    expect(versionsAfterRelease(root)).toEqual(expected);
    for (const name of ['askuser', 'session']) {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8'),
      );
      expect({ name, range: manifest.peerDependencies['@agent/tool-contract'] }).toEqual({
        name,
        range: 'workspace:>=0.1.0 <1',
      });
    }
  });

  it("keeps every package below 1.0.0 with the repository's pending changesets", () => {
    const pending = Object.fromEntries(
      fs
        .readdirSync(path.join(ROOT, '.changeset'))
        .filter((file) => file.endsWith('.md') && file !== 'README.md')
        .map((file) => [file, fs.readFileSync(path.join(ROOT, '.changeset', file), 'utf8')]),
    );
    expect(Object.keys(pending).length).toBeGreaterThan(0);
    const root = scratchWorkspace(scratch, {});
    fs.cpSync(path.join(ROOT, '.changeset'), path.join(root, '.changeset'), { recursive: true });
    const versions = versionsAfterRelease(root);
    for (const [name, version] of Object.entries(versions)) {
      expect({ name, major: version.split('.')[0] }).toEqual({ name, major: '0' });
    }
    expect(versions['@agent/tools']).toBe('0.2.0');
    expect(versions['@agent/tool-contract']).toBe('0.2.0');
  });
});
