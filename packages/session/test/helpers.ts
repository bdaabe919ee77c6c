import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh AGENT_HOME in a temp folder; remove it with `cleanup`. */
export async function tempAgentHome(): Promise<{ home: string; cleanup: () => Promise<void> }> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-session-'));
  return { home, cleanup: () => fs.rm(home, { recursive: true, force: true }) };
}

export function fixturePath(name: string): string {
  return path.join(__dirname, 'fixtures', name);
}
