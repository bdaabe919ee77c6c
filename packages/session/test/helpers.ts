import type { ToolActivity } from '@agent/llm';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SessionWriter } from '../src';

/** A fresh AGENT_HOME in a temp folder; remove it with `cleanup`. */
export async function tempAgentHome(): Promise<{ home: string; cleanup: () => Promise<void> }> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-session-'));
  return { home, cleanup: () => fs.rm(home, { recursive: true, force: true }) };
}

export function fixturePath(name: string): string {
  return path.join(__dirname, 'fixtures', name);
}

/** A call as a model response records it: not run yet. */
export function pendingCall(id: string, name: string, input: unknown = {}): ToolActivity {
  return { id, name, input, status: 'pending', summary: '' };
}

/** A new session in `agentHome` (cwd `/w`, openai-chat / gpt-test). */
export function testWriter(agentHome: string, title?: string): Promise<SessionWriter> {
  return SessionWriter.create({
    agentHome,
    cwd: '/w',
    provider: 'openai-chat',
    model: 'gpt-test',
    ...(title !== undefined ? { title } : {}),
  });
}
