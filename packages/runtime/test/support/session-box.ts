import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FakeServer } from '@agent/testkit';
import { AgentSession, type AgentSessionOptions, type RuntimeEvent } from '../../src';

/** A write_file call of `content` to a.txt, as the fake model sends it. */
export const writeA = (content: string) => ({
  text: '',
  toolCalls: [
    { id: `c${content.length}`, name: 'write_file', arguments: { path: 'a.txt', content } },
  ],
});

/** What one test works in: its agent home and workspace, the fake it starts, the session's events. */
export interface SessionBox {
  home: string;
  workspace: string;
  server: FakeServer | undefined;
  events: RuntimeEvent[];
}

/** A fresh box before each test of the calling file; after it, the fake closed, the folders gone. */
export function sessionBox(prefix: string): SessionBox {
  const box: SessionBox = { home: '', workspace: '', server: undefined, events: [] };
  beforeEach(() => {
    box.home = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-home-`));
    box.workspace = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-ws-`));
    box.events.length = 0;
  });
  afterEach(async () => {
    await box.server?.close();
    box.server = undefined;
    fs.rmSync(box.home, { recursive: true, force: true });
    fs.rmSync(box.workspace, { recursive: true, force: true });
  });
  return box;
}

/** The provider choice of a session on the openai-chat fake at `url`. */
export function fakeChoice(url: string, home: string) {
  return {
    flags: { provider: 'openai-chat' as const, model: 'fake-model', baseUrl: `${url}/v1` },
    env: { OPENAI_API_KEY: 'k' },
    agentHome: home,
  };
}

/**
 * A session in `box` on its fake (openai-chat), its events kept in `box.events` unless `options`
 * says otherwise.
 */
export function boxSession(
  box: SessionBox,
  options: Omit<AgentSessionOptions, 'agentHome' | 'workspaceRoot' | 'choice' | 'onEvent'> &
    Partial<Pick<AgentSessionOptions, 'onEvent'>>,
): Promise<AgentSession> {
  return AgentSession.create({
    agentHome: box.home,
    workspaceRoot: box.workspace,
    choice: fakeChoice(box.server!.url, box.home),
    onEvent: (event) => box.events.push(event),
    ...options,
  });
}
