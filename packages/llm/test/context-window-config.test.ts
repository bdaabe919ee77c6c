import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, resolveProviderConfig } from '../src/config';
import { windowOf, withContextWindow } from '../src';

describe('the context window the person sets', () => {
  let home: string;
  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'window-config-'));
  });
  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  const write = (config: unknown) =>
    fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify(config));
  const resolve = (model: string, contextWindow?: number) =>
    resolveProviderConfig({
      flags: { provider: 'openai-chat', model, ...(contextWindow ? { contextWindow } : {}) },
      env: {},
      agentHome: home,
    }).contextWindow;

  it('flag over config model over config provider, else unset', () => {
    write({
      providers: {
        'openai-chat': { contextWindow: 32768, models: { qwen: { contextWindow: 8192 } } },
      },
    });
    expect(resolve('qwen', 4096)).toBe(4096);
    expect(resolve('qwen')).toBe(8192);
    expect(resolve('llama')).toBe(32768);
    write({});
    expect(resolve('qwen')).toBeUndefined();
  });

  it('refuses a window that is not a sensible whole number, naming the field', () => {
    write({ providers: { 'openai-chat': { contextWindow: 'big' } } });
    expect(() => resolve('qwen')).toThrow(ConfigError);
    expect(() => resolve('qwen')).toThrow(/contextWindow.*whole number of at least 1024/);
    write({ providers: { 'openai-chat': { models: { qwen: { contextWindow: 12.5 } } } } });
    expect(() => resolve('qwen')).toThrow(/whole number/);
  });

  it('a window set on the provider wins over the built-in table and the 128k default', () => {
    const provider = { id: 'openai-chat', model: 'qwen', stream: async function* () {} };
    expect(windowOf(provider)).toBe(128_000);
    expect(windowOf(withContextWindow(provider as never, 8192))).toBe(8192);
    expect(windowOf({ model: 'claude-sonnet-4-5' })).toBe(200_000);
  });
});
