import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingCredentials } from '@agent/llm';

describe('missing credentials, checked before the first prompt', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'creds-home-'));
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

  it('names the variables a provider needs when none is set', () => {
    expect(missingCredentials('anthropic', { model: 'm' }, {}, home)).toMatch(
      /^anthropic needs credentials: ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN is not set/,
    );
    expect(missingCredentials('genkit', { model: 'm' }, {}, home)).toMatch(/GEMINI_API_KEY/);
    expect(missingCredentials('openai-responses', { model: 'm' }, {}, home)).toMatch(
      /OPENAI_API_KEY is not set/,
    );
  });

  it('is satisfied by a key, a local OpenAI-compatible endpoint, or the shared AWS files', () => {
    expect(missingCredentials('anthropic', { model: 'm' }, { ANTHROPIC_API_KEY: 'k' }, home)).toBe(
      undefined,
    );
    const local = { model: 'm', baseUrl: 'http://127.0.0.1:1/v1' };
    expect(missingCredentials('openai-chat', local, {}, home)).toBeUndefined();
    expect(missingCredentials('bedrock', { model: 'm' }, {}, home)).toMatch(/AWS_ACCESS_KEY_ID/);
    fs.mkdirSync(path.join(home, '.aws'));
    fs.writeFileSync(path.join(home, '.aws', 'credentials'), '[default]\n');
    expect(missingCredentials('bedrock', { model: 'm' }, {}, home)).toBeUndefined();
    expect(missingCredentials('demo', { model: 'demo' }, {}, home)).toBeUndefined();
  });
});
