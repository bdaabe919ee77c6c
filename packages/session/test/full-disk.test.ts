import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SessionWriter } from '../src';

// A real full disk: a 64 KiB tmpfs. Mounting needs root.
const isRoot = process.getuid?.() === 0;
const rootOnly = isRoot ? it : it.skip;
if (!isRoot) console.warn('full-disk.test: skipped, mounting a tmpfs needs root');

describe('SessionWriter on a disk that fills', () => {
  let disk: string | undefined;
  afterEach(() => {
    if (!disk) return;
    execFileSync('umount', [disk]);
    fs.rmdirSync(disk);
    disk = undefined;
  });

  rootOnly(
    'reports ENOSPC for a line the disk took only part of (a short write, no error)',
    async () => {
      disk = fs.mkdtempSync(path.join(os.tmpdir(), 'full-disk-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk]);
      const errors: Error[] = [];
      const writer = await SessionWriter.create({
        agentHome: disk,
        cwd: '/w',
        provider: 'demo',
        model: 'm',
        onError: (error) => errors.push(error),
      });
      try {
        // Fill the disk to the last byte: only the session file's first page has room left.
        const fill = fs.openSync(path.join(disk, 'fill'), 'w');
        try {
          for (;;) fs.writeSync(fill, Buffer.alloc(4096));
        } catch (error) {
          expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
        } finally {
          fs.closeSync(fill);
        }
        writer.recordUser('x'.repeat(16_384));
        await writer.flush();
        expect(errors.map((error) => (error as NodeJS.ErrnoException).code)).toEqual(['ENOSPC']);
      } finally {
        await writer.close().catch(() => undefined);
      }
    },
  );
});
