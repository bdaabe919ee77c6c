import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** The content hash content is stored under (sha256, hex). */
export function contentHash(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Content-addressed files under `$AGENT_HOME/<folder>/ab/abcdef…` (`snapshots`: copies of the
 * workspace files the agent edited; `images`: images the person attached): the same content is
 * stored once, whichever session it came from. They hold what the agent edited (a `.env` too) or
 * what the person showed it, so they are as private as sessions: folders 700, files 600,
 * whatever the agent home's own mode is.
 */
export class ContentStore {
  constructor(
    private readonly agentHome: string,
    private readonly folder: 'snapshots' | 'images',
  ) {}

  /** Stores `content` (if not already there); its hash. */
  async save(content: Buffer): Promise<string> {
    const hash = contentHash(content);
    const file = this.pathOf(hash);
    try {
      await fs.access(file);
      return hash;
    } catch {
      // not stored yet
    }
    await this.privateFolder(path.dirname(file));
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temp, content, { mode: 0o600 });
    await fs.rename(temp, file);
    return hash;
  }

  /** The stored content, or undefined when it is gone or damaged. */
  async load(hash: string): Promise<Buffer | undefined> {
    try {
      const content = await fs.readFile(this.pathOf(hash));
      return contentHash(content) === hash ? content : undefined;
    } catch {
      return undefined;
    }
  }

  /** Creates `folder` (and the store's root) owner-only, and tightens them if they exist. */
  private async privateFolder(folder: string): Promise<void> {
    const root = path.join(this.agentHome, this.folder);
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    for (const dir of [root, folder]) await fs.chmod(dir, 0o700);
  }

  private pathOf(hash: string): string {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`not a content hash: ${hash}`);
    return path.join(this.agentHome, this.folder, hash.slice(0, 2), hash);
  }
}

/** A file's content, or null when nothing is there. */
export async function readOrNull(absolute: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}
