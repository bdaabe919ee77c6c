import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  ConfigError,
  DEFAULT_AUTO_COMPACT_FRACTION,
  agentHome,
  loadAgentSettings,
  resolveProviderConfig,
  type ResolveProviderInput,
} from '../src';

let home: string;

beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'llm-config-'));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

function writeConfig(value: unknown): void {
  fs.writeFileSync(
    path.join(home, 'config.json'),
    typeof value === 'string' ? value : JSON.stringify(value),
  );
}

function resolve(input: Omit<ResolveProviderInput, 'agentHome'>) {
  return resolveProviderConfig({ agentHome: home, env: {}, ...input });
}

describe('resolveProviderConfig', () => {
  it('fails naming what to set when nothing is configured and no fallback is asked for', () => {
    expect(() => resolve({})).toThrow(
      new ConfigError(
        'no provider chosen and no credentials found: set OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or GOOGLE_API_KEY, or AWS credentials (Bedrock), or choose a provider with the `provider` option (one of: openai-chat, openai-responses, anthropic, bedrock, genkit, text, demo; `demo` is the offline scripted one)',
      ),
    );
    expect(() => resolve({ env: { OPENAI_API_KEY: '  ' } })).toThrow(ConfigError);
  });

  it('falls back to the demo provider with a one-line reason when asked to (the apps)', () => {
    expect(resolve({ fallback: 'demo' })).toEqual({
      id: 'demo',
      options: { model: 'demo' },
      reason:
        'no credentials found: using the offline demo provider; set OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or GOOGLE_API_KEY, or AWS credentials (Bedrock), or choose one with the `provider` option',
    });
  });

  it('auto-detects credentials in a fixed order, with default models', () => {
    expect(resolve({ env: { OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k' } })).toMatchObject({
      id: 'openai-chat',
      options: { model: 'gpt-4.1' },
      reason: 'OPENAI_API_KEY is set: using openai-chat',
    });
    expect(resolve({ env: { ANTHROPIC_API_KEY: 'k', GEMINI_API_KEY: 'g' } }).id).toBe('anthropic');
    expect(resolve({ env: { GOOGLE_API_KEY: 'g' } }).id).toBe('genkit');
    expect(resolve({ env: { AWS_ACCESS_KEY_ID: 'a', AWS_REGION: 'eu-west-1' } })).toMatchObject({
      id: 'bedrock',
      options: { region: 'eu-west-1' },
    });
    expect(resolve({ env: { OPENAI_API_KEY: '  ' }, fallback: 'demo' }).id).toBe('demo');
  });

  it('precedence: flags over env over config file over detection', () => {
    writeConfig({
      provider: 'anthropic',
      model: 'claude-from-file',
      providers: { 'openai-chat': { baseUrl: 'http://127.0.0.1:8080/v1', model: 'local-model' } },
    });
    const env = { OPENAI_API_KEY: 'k' };
    expect(resolve({ env })).toEqual({
      id: 'anthropic',
      options: { model: 'claude-from-file' },
      reason: `provider "anthropic" from ${path.join(home, 'config.json')}`,
    });
    expect(resolve({ env: { ...env, AGENT_PROVIDER: 'openai-chat' } })).toEqual({
      id: 'openai-chat',
      options: { model: 'local-model', baseUrl: 'http://127.0.0.1:8080/v1' },
      reason: 'AGENT_PROVIDER=openai-chat',
    });
    expect(
      resolve({ env: { ...env, AGENT_PROVIDER: 'openai-chat', AGENT_MODEL: 'env-model' } }).options
        .model,
    ).toBe('env-model');
    expect(
      resolve({
        env: { ...env, AGENT_PROVIDER: 'openai-chat', AGENT_MODEL: 'env-model' },
        flags: { provider: 'text', model: 'flag-model', baseUrl: 'http://localhost:1234/v1' },
      }),
    ).toEqual({
      id: 'text',
      options: { model: 'flag-model', baseUrl: 'http://localhost:1234/v1' },
      reason: 'provider "text" from the `provider` option',
    });
    expect(resolve({ flags: { provider: 'bedrock' } }).options.model).toBe(
      'anthropic.claude-3-5-sonnet-20240620-v1:0',
    );
  });

  it('names the file and the field when the config is invalid', () => {
    const file = path.join(home, 'config.json');
    writeConfig({ providers: { anthropic: { baseUrl: 'not a url' } } });
    expect(() => resolve({})).toThrow(ConfigError);
    expect(() => resolve({})).toThrow(`${file}: providers.anthropic.baseUrl:`);
    writeConfig({ provider: 'gpt' });
    expect(() => resolve({})).toThrow(`${file}: provider:`);
    writeConfig('{ nope');
    expect(() => resolve({})).toThrow(`${file}: not valid JSON`);
    writeConfig({ apiKey: 'sk-secret' });
    expect(() => resolve({})).toThrow(/apiKey|Unrecognized key/);
  });

  it('rejects an unknown provider id from a flag or the environment', () => {
    expect(() => resolve({ flags: { provider: 'gpt' } })).toThrow(
      'unknown provider "gpt" (from the `provider` option); expected one of: openai-chat, openai-responses, anthropic, bedrock, genkit, text, demo',
    );
    expect(() => resolve({ env: { AGENT_PROVIDER: 'x' } })).toThrow(/from AGENT_PROVIDER/);
  });

  it('never puts a credential into the options', () => {
    const resolved = resolve({ env: { OPENAI_API_KEY: 'sk-very-secret' } });
    expect(JSON.stringify(resolved)).not.toContain('sk-very-secret');
  });

  it('agentHome is $AGENT_HOME or ~/.agent', () => {
    expect(agentHome({ AGENT_HOME: home })).toBe(home);
    expect(agentHome({})).toBe(path.join(os.homedir(), '.agent'));
  });
});

describe('loadAgentSettings', () => {
  it('defaults automatic compaction to DEFAULT_AUTO_COMPACT_FRACTION without a file or field', () => {
    const notify = { afterSeconds: 10 };
    expect(loadAgentSettings(home)).toEqual({
      autoCompact: DEFAULT_AUTO_COMPACT_FRACTION,
      sandbox: 'auto',
      userClaudeMd: false,
      notify,
    });
    writeConfig({ provider: 'demo' });
    expect(loadAgentSettings(home)).toEqual({
      autoCompact: 0.8,
      sandbox: 'auto',
      userClaudeMd: false,
      notify,
    });
  });

  it('leaves mcpServers to the MCP client (a config.json with servers still loads)', () => {
    writeConfig({ autoCompact: 0.5, mcpServers: { files: { command: 'x' } } });
    expect(loadAgentSettings(home)).toEqual({
      autoCompact: 0.5,
      sandbox: 'auto',
      userClaudeMd: false,
      notify: { afterSeconds: 10 },
    });
  });

  it('reads notify: false, true, seconds and a command (a shell line or argv)', () => {
    writeConfig({ notify: false });
    expect(loadAgentSettings(home).notify).toBe(false);
    writeConfig({ notify: true });
    expect(loadAgentSettings(home).notify).toEqual({ afterSeconds: 10 });
    writeConfig({ notify: { afterSeconds: 0.5, command: ['notify-send', 'agent'] } });
    expect(loadAgentSettings(home).notify).toEqual({
      afterSeconds: 0.5,
      command: ['notify-send', 'agent'],
    });
    writeConfig({ notify: { command: 'cat > /tmp/x' } });
    expect(loadAgentSettings(home).notify).toEqual({ afterSeconds: 10, command: 'cat > /tmp/x' });
  });

  it.each([
    [{ afterSeconds: 0 }, 'notify.afterSeconds: expected seconds greater than 0'],
    [{ command: '' }, 'notify.command: expected a shell command line or a list'],
    [{ command: [] }, 'notify.command: expected a shell command line or a list'],
    ['yes', 'notify: expected false (no notifications), true, or'],
  ])('rejects notify %p with the field and the rule', (value, message) => {
    writeConfig({ notify: value });
    expect(() => loadAgentSettings(home)).toThrow(message);
  });

  it('reads sandbox as auto, on or off, and says what else it could be', () => {
    writeConfig({ sandbox: 'on' });
    expect(loadAgentSettings(home).sandbox).toBe('on');
    writeConfig({ sandbox: 'off' });
    expect(loadAgentSettings(home).sandbox).toBe('off');
    writeConfig({ sandbox: true });
    expect(() => loadAgentSettings(home)).toThrow(
      /config\.json: sandbox: expected "auto" \(sandbox commands where bubblewrap works\), "on" \(refuse commands without it\) or "off"/,
    );
  });

  it('reads the sockets and variables the sandbox lets in, and says what they must be', () => {
    writeConfig({
      sandboxAllowSockets: ['/run/docker.sock'],
      sandboxAllowEnv: ['DATABASE_URL', 'MY_*'],
    });
    expect(loadAgentSettings(home)).toMatchObject({
      sandboxAllowSockets: ['/run/docker.sock'],
      sandboxAllowEnv: ['DATABASE_URL', 'MY_*'],
    });
    writeConfig({ sandboxAllowSockets: ['docker.sock'] });
    expect(() => loadAgentSettings(home)).toThrow(
      /sandboxAllowSockets\[0\]: expected a list of absolute paths of unix sockets/,
    );
    for (const name of ['*', 'A-B', 'MY_*_X', '']) {
      writeConfig({ sandboxAllowEnv: [name] });
      expect(() => loadAgentSettings(home)).toThrow(
        /sandboxAllowEnv\[0\]: expected a list of variable names/,
      );
    }
    writeConfig({ sandboxAllowEnv: 'DATABASE_URL' });
    expect(() => loadAgentSettings(home)).toThrow(
      /sandboxAllowEnv: expected a list of variable names/,
    );
  });

  it('reads autoCompact as a fraction in (0, 1] or false', () => {
    writeConfig({ autoCompact: 0.5 });
    expect(loadAgentSettings(home).autoCompact).toBe(0.5);
    writeConfig({ autoCompact: 1 });
    expect(loadAgentSettings(home).autoCompact).toBe(1);
    writeConfig({ autoCompact: false, provider: 'demo' });
    expect(loadAgentSettings(home).autoCompact).toBe(false);
    expect(resolve({}).id).toBe('demo');
  });

  it.each([0, -0.2, 1.5, 80, true, '0.8', null])(
    'rejects autoCompact %p with the file, the field and the rule',
    (value) => {
      writeConfig({ autoCompact: value });
      const file = path.join(home, 'config.json');
      expect(() => loadAgentSettings(home)).toThrow(ConfigError);
      expect(() => loadAgentSettings(home)).toThrow(
        `${file}: autoCompact: expected a fraction of the context window in (0, 1] (e.g. 0.8) or false`,
      );
    },
  );
});
