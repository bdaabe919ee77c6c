import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pack, run, tarballListing, tarballManifest } from './support/pack';
import { PUBLIC_PACKAGES, ROOT, packageDir } from './support/public-packages';

type Manifest = Record<string, any>;

const manifestOf = (name: string): Manifest =>
  JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8'));
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

/**
 * Third-party runtime dependencies take caret ranges (zod one per major it supports), ours
 * `workspace:^` (a caret once packed); a peer on @agent/tools spans its 0.x minors, so a minor of
 * it stays in range (and changesets bumps nothing that only peers on it).
 */
const RANGE = /^(\^\d+\.\d+\.\d+( \|\| \^\d+\.\d+\.\d+)*|workspace:\^)$/;
const TOOLS_PEER = 'workspace:>=0.1.0 <1';
/**
 * The workspace package each public package peers on: the tool contract for those that need only
 * it (so they never install the shell parser), @agent/tools for those that use workspace tools.
 */
const WORKSPACE_PEER: Record<string, string | undefined> = {
  'tool-contract': undefined,
  tools: undefined,
  askuser: '@agent/tool-contract',
  session: '@agent/tool-contract',
  llm: '@agent/tools',
  subagents: '@agent/tools',
  mcp: '@agent/tools',
  runtime: '@agent/tools',
};
const PEERED = new Set(Object.values(WORKSPACE_PEER));

describe('every public package as a registry consumer gets it', () => {
  const root = manifestOf('tools');

  it.each(PUBLIC_PACKAGES)('@agent/%s declares complete metadata', (name) => {
    const manifest = manifestOf(name);
    expect(manifest).toMatchObject({
      name: `@agent/${name}`,
      license: 'MIT',
      type: 'commonjs',
      sideEffects: false,
      author: root.author,
      publishConfig: { access: 'public' },
      scripts: { prepack: 'node ../../scripts/prepack-guard.js' },
    });
    expect(manifest.private).toBeUndefined();
    // The repository is not public: no address is given rather than one nobody can open.
    expect([manifest.repository, manifest.bugs, manifest.homepage]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(manifest.keywords.length).toBeGreaterThan(2);
    expect(fs.existsSync(path.join(packageDir(name), 'LICENSE'))).toBe(true);
    for (const range of Object.values<string>(manifest.dependencies ?? {})) {
      expect(range).toMatch(RANGE);
    }
    for (const [peer, range] of Object.entries<string>(manifest.peerDependencies ?? {})) {
      if (!PEERED.has(peer)) expect(range).toMatch(RANGE);
    }
    // One zod, one @agent/tools and one contract for the whole program: the consumer's.
    expect(manifest.dependencies?.zod).toBeUndefined();
    expect(manifest.dependencies?.['@agent/tools']).toBeUndefined();
    expect(name in WORKSPACE_PEER).toBe(true);
    const workspacePeers = Object.keys(manifest.peerDependencies ?? {}).filter((peer) =>
      peer.startsWith('@agent/'),
    );
    const peer = WORKSPACE_PEER[name];
    expect({ name, workspacePeers }).toEqual({ name, workspacePeers: peer ? [peer] : [] });
    if (peer) expect(manifest.peerDependencies[peer]).toBe(TOOLS_PEER);
  });

  it('@agent/tool-contract needs nothing but zod', () => {
    const manifest = manifestOf('tool-contract');
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(Object.keys(manifest.peerDependencies)).toEqual(['zod']);
    expect(manifestOf('tools').dependencies['@agent/tool-contract']).toBe('workspace:^');
  });

  it('@agent/llm installs no provider SDK by itself: each is an optional peer', () => {
    const manifest = manifestOf('llm');
    for (const sdk of [
      'openai',
      '@anthropic-ai/sdk',
      '@aws-sdk/client-bedrock-runtime',
      'genkit',
    ]) {
      expect(manifest.dependencies?.[sdk]).toBeUndefined();
      expect(manifest.peerDependenciesMeta[sdk]).toEqual({ optional: true });
    }
    expect(manifest.peerDependenciesMeta['js-tiktoken']).toEqual({ optional: true });
  });

  describe('packed', () => {
    let scratch: string;
    const tarballs = new Map<string, string>();

    beforeAll(() => {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-publishable-'));
      for (const name of PUBLIC_PACKAGES) tarballs.set(name, pack(packageDir(name), scratch));
    }, 180_000);

    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it.each(PUBLIC_PACKAGES)(
      '@agent/%s ships its build, LICENSE and README, no maps or tests',
      (name) => {
        const tarball = tarballs.get(name)!;
        const listing = tarballListing(tarball);
        expect(listing).toEqual(
          expect.arrayContaining(['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json']),
        );
        // Every file the shipped text cites (`ASK_USER.md`, `STYLE.md`) ships too.
        const unpacked = fs.mkdtempSync(path.join(scratch, `${name}-`));
        run('tar', ['-xzf', tarball, '-C', unpacked], scratch);
        const cited = new Set<string>();
        for (const file of listing.filter((file) => /\.(d\.ts|md)$/.test(file))) {
          const text = fs.readFileSync(path.join(unpacked, 'package', file), 'utf8');
          for (const match of text.matchAll(/\b([A-Z][A-Z_]+\.md)\b/g)) cited.add(match[1]!);
        }
        // Files people keep in their own projects (instructions, skills), not documents of ours.
        for (const theirs of ['AGENTS.md', 'CLAUDE.md', 'SKILL.md']) cited.delete(theirs);
        expect({ name, missing: [...cited].filter((file) => !listing.includes(file)) }).toEqual({
          name,
          missing: [],
        });
        expect(listing).toContain('dist/index.js');
        expect(listing.filter((file) => /\.map$|\.test\.|^src\//.test(file))).toEqual([]);
        const packed = tarballManifest(tarball);
        const ranges = Object.values<string>({
          ...(packed.dependencies as object),
          ...(packed.peerDependencies as object),
        });
        expect(ranges.filter((range) => range.startsWith('workspace:'))).toEqual([]);
        const peer = WORKSPACE_PEER[name];
        if (peer) {
          expect((packed.peerDependencies as Record<string, string>)[peer]).toBe('>=0.1.0 <1');
        }
      },
    );

    it.each(PUBLIC_PACKAGES)(
      '@agent/%s: publint and attw report nothing',
      (name) => {
        const tarball = tarballs.get(name)!;
        expect(run(bin('publint'), ['run', tarball, '--strict'], scratch)).toContain('All good!');
        // attw exits non-zero on any problem, in any resolution mode (node10 included).
        expect(run(bin('attw'), [tarball, '--format', 'ascii'], scratch)).toContain(
          'No problems found',
        );
      },
      60_000,
    );
  });
});
