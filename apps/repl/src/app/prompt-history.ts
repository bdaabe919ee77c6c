import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Prompts kept per workspace. */
export const HISTORY_LIMIT = 500;
/** Longer prompts (large pastes) are not kept. */
export const HISTORY_MAX_CHARS = 10_000;

interface Entry {
  cwd: string;
  text: string;
}

/**
 * The prompts sent in one workspace, kept across sessions in
 * `$AGENT_HOME/history/<hash of the workspace>.jsonl`: one JSON line appended per prompt (a
 * torn or foreign line is skipped), rewritten through a temporary file and a rename when it
 * has grown to twice the limit, so a crash never loses what was there.
 */
export class PromptHistory {
  readonly file: string;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    agentHome: string,
    private readonly workspace: string,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {
    const key = createHash('sha256').update(workspace).digest('hex').slice(0, 16);
    this.file = path.join(agentHome, 'history', `${key}.jsonl`);
  }

  /** The saved prompts of this workspace, oldest first (at most HISTORY_LIMIT). */
  async load(): Promise<string[]> {
    let raw: string;
    try {
      raw = await fs.readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.onError(error as Error);
      return [];
    }
    const lines = raw.split('\n').filter((line) => line !== '');
    const texts = lines.flatMap((line) => {
      const entry = parse(line);
      return entry && entry.cwd === this.workspace ? [entry.text] : [];
    });
    const kept = texts.slice(-HISTORY_LIMIT);
    if (lines.length > 2 * HISTORY_LIMIT) this.queue(() => this.rewrite(kept));
    return kept;
  }

  /** Adds a prompt (in the background; `flush` waits for it). */
  add(text: string): void {
    if (text.trim() === '' || text.length > HISTORY_MAX_CHARS) return;
    const line = `${JSON.stringify({ cwd: this.workspace, text } satisfies Entry)}\n`;
    this.queue(async () => {
      await fs.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      await fs.appendFile(this.file, line, { mode: 0o600 });
    });
  }

  /** Resolves once every write asked for so far is done. */
  flush(): Promise<void> {
    return this.writing;
  }

  private queue(write: () => Promise<void>): void {
    this.writing = this.writing.then(write).catch((error: Error) => this.onError(error));
  }

  private async rewrite(texts: readonly string[]): Promise<void> {
    const temporary = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const body = texts.map((text) => JSON.stringify({ cwd: this.workspace, text })).join('\n');
    await fs.writeFile(temporary, texts.length > 0 ? `${body}\n` : '', { mode: 0o600 });
    await fs.rename(temporary, this.file);
  }
}

function parse(line: string): Entry | undefined {
  try {
    const value = JSON.parse(line) as Partial<Entry>;
    return typeof value.cwd === 'string' && typeof value.text === 'string'
      ? { cwd: value.cwd, text: value.text }
      : undefined;
  } catch {
    return undefined;
  }
}
