import fs from 'node:fs';
import {
  startAnthropicServer,
  startBedrockServer,
  startOpenAIChatServer,
  type FakeServer,
} from '@agent/testkit';
import { ConfigError } from '@agent/llm';
import { allowAll } from '@agent/tools';
import { AgentSession } from '../src';
import { sessionBox } from './support/session-box';

/** The key the first request carried: an `x-api-key` header, or a bearer `authorization`. */
function sentKey(server: FakeServer): string | undefined {
  const { headers } = server.requests[0]!;
  const apiKey = headers['x-api-key'];
  if (typeof apiKey === 'string') return apiKey;
  return String(headers.authorization ?? '').replace(/^Bearer /, '') || undefined;
}

/**
 * A library caller's credentials (`choice.env`) reach the real SDK's request, over whatever the
 * process's environment holds, and are never written to the session file.
 */
describe('credentials given in the options', () => {
  const box = sessionBox('library-credentials');
  const saved: Record<string, string | undefined> = {};
  const setProcessEnv = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      saved[name] = process.env[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
      delete saved[name];
    }
  });

  const runOnce = async (
    server: FakeServer,
    provider: 'openai-chat' | 'anthropic' | 'bedrock',
    env: Record<string, string>,
  ) => {
    const session = await AgentSession.create({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: {
        flags: {
          provider,
          model: 'fake-model',
          baseUrl: provider === 'openai-chat' ? `${server.url}/v1` : server.url,
        },
        env,
        agentHome: box.home,
      },
      person: allowAll,
      onEvent: (event) => box.events.push(event),
    });
    try {
      expect(await session.runTurn('hello')).toMatchObject({ reason: 'done' });
      return fs.readFileSync(session.sessionFile!, 'utf8');
    } finally {
      await session.close();
    }
  };

  it('openai-chat: the options’ OPENAI_API_KEY wins over the process’s', async () => {
    setProcessEnv({ OPENAI_API_KEY: 'key-of-the-process' });
    box.server = await startOpenAIChatServer([{ text: 'hi' }]);
    const file = await runOnce(box.server, 'openai-chat', { OPENAI_API_KEY: 'key-from-options' });
    expect(sentKey(box.server)).toBe('key-from-options');
    expect(file).not.toContain('key-from-options');
  });

  it('anthropic: the options’ ANTHROPIC_API_KEY is sent while the process has none', async () => {
    setProcessEnv({ ANTHROPIC_API_KEY: undefined, ANTHROPIC_AUTH_TOKEN: undefined });
    box.server = await startAnthropicServer([{ text: 'hi' }]);
    const file = await runOnce(box.server, 'anthropic', { ANTHROPIC_API_KEY: 'anthropic-opt' });
    expect(sentKey(box.server)).toBe('anthropic-opt');
    expect(file).not.toContain('anthropic-opt');
  });

  it('anthropic: the process’s key is not used when the options give another', async () => {
    setProcessEnv({ ANTHROPIC_API_KEY: 'anthropic-process' });
    box.server = await startAnthropicServer([{ text: 'hi' }]);
    await runOnce(box.server, 'anthropic', { ANTHROPIC_API_KEY: 'anthropic-opt' });
    expect(sentKey(box.server)).toBe('anthropic-opt');
  });

  it('anthropic: given both a key and a token, the key is sent (one credential)', async () => {
    box.server = await startAnthropicServer([{ text: 'hi' }]);
    await runOnce(box.server, 'anthropic', {
      ANTHROPIC_API_KEY: 'anthropic-key',
      ANTHROPIC_AUTH_TOKEN: 'anthropic-token',
    });
    expect(sentKey(box.server)).toBe('anthropic-key');
  });

  it('bedrock: the options’ AWS_BEARER_TOKEN_BEDROCK is sent as the bearer token', async () => {
    setProcessEnv({ AWS_BEARER_TOKEN_BEDROCK: 'bedrock-process' });
    box.server = await startBedrockServer([{ text: 'hi' }]);
    const file = await runOnce(box.server, 'bedrock', {
      AWS_BEARER_TOKEN_BEDROCK: 'bedrock-opt',
      AWS_REGION: 'us-east-1',
    });
    expect(sentKey(box.server)).toBe('bedrock-opt');
    expect(file).not.toContain('bedrock-opt');
  });

  it('without credentials or a chosen provider, fails naming what to set (no silent demo)', async () => {
    const created = AgentSession.create({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: { flags: {}, env: {}, agentHome: box.home },
      person: allowAll,
      onEvent: (event) => box.events.push(event),
    });
    await expect(created).rejects.toThrow(ConfigError);
    await expect(created).rejects.toThrow(
      /no provider chosen and no credentials found: set OPENAI_API_KEY, .*`demo` is the offline scripted one/,
    );
    expect(fs.readdirSync(box.home)).toEqual([]);
  });

  it('runs on the offline demo only when the choice falls back to it, as the apps ask', async () => {
    const session = await AgentSession.create({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: { flags: {}, env: {}, agentHome: box.home, fallback: 'demo' },
      person: allowAll,
      onEvent: (event) => box.events.push(event),
    });
    try {
      expect(session.provider.id).toBe('demo');
    } finally {
      await session.close();
    }
  });
});
