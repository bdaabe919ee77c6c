import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveProvider } from '../src/provider/choose-provider';

describe('the one provider rule', () => {
  let home: string;
  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-home-'));
  });
  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  const choose = (
    flags: { provider?: string; model?: string },
    env: NodeJS.ProcessEnv,
    session?: { provider?: string; model?: string },
  ) => resolveProvider({ flags, env, agentHome: home, fallback: 'demo' }, session);

  it('resumes on the session provider and model when nothing chooses another', () => {
    const chosen = choose(
      {},
      { OPENAI_API_KEY: 'x' },
      { provider: 'anthropic', model: 'claude-x' },
    );
    expect(chosen.id).toBe('anthropic');
    expect(chosen.options.model).toBe('claude-x');
  });

  it('lets a flag or the environment override the session', () => {
    const session = { provider: 'anthropic', model: 'claude-x' };
    expect(choose({ provider: 'demo' }, {}, session).id).toBe('demo');
    expect(choose({}, { AGENT_PROVIDER: 'demo' }, session).id).toBe('demo');
    const model = choose({ model: 'claude-y' }, {}, session);
    expect([model.id, model.options.model]).toEqual(['anthropic', 'claude-y']);
  });

  it('keeps the session model only with the session provider', () => {
    const chosen = choose(
      { provider: 'openai-chat' },
      {},
      { provider: 'anthropic', model: 'claude-x' },
    );
    expect(chosen.options.model).not.toBe('claude-x');
  });

  it("says a resumed session's provider comes from the session, not from a flag", () => {
    const session = { provider: 'demo', model: 'demo' };
    expect(choose({}, {}, session).reason).toBe('provider "demo" from the resumed session');
    expect(choose({ provider: 'demo' }, {}, session).reason).toBe(
      'provider "demo" from the `provider` option',
    );
    expect(choose({}, { AGENT_PROVIDER: 'demo' }, session).reason).toBe('AGENT_PROVIDER=demo');
    // A session saved without a provider chooses as a new one would.
    expect(choose({}, {}, {}).reason).toMatch(/^no credentials found/);
  });

  it('chooses as before when nothing is resumed', () => {
    expect(choose({}, {}).id).toBe('demo');
  });
});
