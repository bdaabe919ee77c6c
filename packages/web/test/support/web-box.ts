import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Conversation, type ConversationEvent, type ConversationOptions } from '@agent/runtime';
import {
  startOpenAIChatServer,
  type FakeServer,
  type ScriptedTurn,
  pageEventStream,
} from '@agent/testkit';
import { startWebServer, type WebServer } from '../../src';

/** What one test works in: a conversation on the OpenAI fake, served by a web server. */
export interface WebBox {
  home: string;
  workspace: string;
  fake: FakeServer;
  conversation: Conversation;
  web: WebServer;
  /** The server's origin, `http://127.0.0.1:PORT`. */
  origin: string;
  /** Resolves with the next conversation event of `type` said from now on. */
  next<T extends ConversationEvent['type']>(type: T): Promise<ConversationEvent & { type: T }>;
}

/** Opens a box per test of the calling file (`box()` inside a test); closes it after. */
export function webBoxes(prefix: string) {
  const open: WebBox[] = [];
  afterEach(async () => {
    for (const box of open.splice(0)) {
      await box.web.close();
      await box.conversation.close();
      await box.fake.close();
      fs.rmSync(box.home, { recursive: true, force: true });
      fs.rmSync(box.workspace, { recursive: true, force: true });
    }
  });
  /** `config`: the agent home's config.json (MCP servers, say), written before the box opens. */
  return async (
    script: ScriptedTurn[],
    options: Partial<ConversationOptions> = {},
    config?: Record<string, unknown>,
  ): Promise<WebBox> => {
    const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-home-`)));
    const workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-ws-`)));
    if (config) fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify(config));
    const fake = await startOpenAIChatServer(script);
    const waiters: Array<{ type: string; resolve(event: ConversationEvent): void }> = [];
    const conversation = await Conversation.open({
      agentHome: home,
      workspaceRoot: workspace,
      choice: {
        flags: { provider: 'openai-chat', model: 'fake-model', baseUrl: `${fake.url}/v1` },
        env: { OPENAI_API_KEY: 'k' },
        agentHome: home,
      },
      mcp: false,
      onEvent: (event) => {
        for (const waiter of waiters.filter((w) => w.type === event.type)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      },
      ...options,
    });
    const web = await startWebServer({ conversation });
    const box: WebBox = {
      home,
      workspace,
      fake,
      conversation,
      web,
      origin: new URL(web.url).origin,
      next: (type) =>
        new Promise((resolve) =>
          waiters.push({ type, resolve: resolve as (event: ConversationEvent) => void }),
        ),
    };
    open.push(box);
    return box;
  };
}

/** A write_file call of `content` to `file`, as the fake model sends it. */
export const writeFile = (file: string, content: string): ScriptedTurn => ({
  toolCalls: [{ id: 'call_write', name: 'write_file', arguments: { path: file, content } }],
});

/** The page's server-sent events, read from `/events` as parsed JSON objects. */
export const pageEvents = pageEventStream;
