import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_PACKAGES, packageDir } from './support/public-packages';
import { unexportedTypes } from './support/unexported-types';

/**
 * Every type a public declaration names is exported, so a consumer can write down the type of
 * anything the package hands out (TaskInput, StdioServerConfig, SnapshotStore ...). Reads the
 * built declarations (dist/), which is what a consumer type-checks against.
 */
describe('public declarations', () => {
  it.each(PUBLIC_PACKAGES)(
    '@agent/%s exports every type its declarations name',
    (name) => {
      const dir = packageDir(name);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const entries = Object.entries(manifest.exports as Record<string, { types?: string }>)
        .filter(([subpath]) => subpath !== './package.json')
        .map(([, target]) => path.join(dir, target.types!));
      expect(unexportedTypes(dir, entries)).toEqual([]);
    },
    120_000,
  );
});
