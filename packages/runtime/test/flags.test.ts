import { FlagError, FLAGS, parseFlags, usageText, type AppName } from '../src/flags';

function flagError(app: AppName, argv: string[]): string {
  try {
    parseFlags(app, argv);
  } catch (error) {
    expect(error).toBeInstanceOf(FlagError);
    return (error as Error).message;
  }
  throw new Error(`expected a flag error for ${argv.join(' ')}`);
}

describe('the shared flag table', () => {
  it('names every flag in each usage text where the app takes it, and nowhere else', () => {
    const repl = usageText('repl');
    const headless = usageText('headless');
    const acp = usageText('acp');
    const serve = usageText('serve');
    for (const flag of FLAGS) {
      expect(repl.includes(`--${flag.name}`)).toBe(flag.apps.includes('repl'));
      expect(headless.includes(`--${flag.name}`)).toBe(flag.apps.includes('headless'));
      expect(acp.includes(`--${flag.name} `)).toBe(flag.apps.includes('acp'));
      expect(serve.includes(`--${flag.name} `)).toBe(flag.apps.includes('serve'));
    }
    expect(repl).toContain('agent serve [options]');
    expect(serve).toContain('Usage: agent serve [options]');
    expect(acp).toContain('Usage: agent-acp [options]');
    expect(repl).toContain('openai-chat | openai-responses | anthropic');
    expect(headless).toContain(
      'Exit codes: 0 done, 1 run failed, 2 usage error, 130 interrupted, 141 standard output closed.',
    );
  });

  it('--context-window takes a whole number of tokens, in every app', () => {
    for (const app of ['repl', 'headless', 'acp'] as const) {
      expect(parseFlags(app, ['--context-window', '8192']).contextWindow).toBe(8192);
      expect(flagError(app, ['--context-window', '8k'])).toBe(
        '--context-window must be a whole number >= 1024 (got "8k")',
      );
      expect(flagError(app, ['--context-window', '100'])).toMatch(/>= 1024/);
    }
  });

  it('parses the same flag the same way in both apps', () => {
    for (const app of ['repl', 'headless'] as const) {
      expect(
        parseFlags(app, ['--', '--provider', 'anthropic', '--model=m', '--tool-history', 'off']),
      ).toMatchObject({ provider: 'anthropic', model: 'm', toolHistory: 'off', continue: false });
    }
  });

  it("gives the editor's agent the model and rule flags, and none naming a workspace or session", () => {
    expect(parseFlags('acp', ['--provider', 'demo', '--max-ask-user', '2', '--acp'])).toMatchObject(
      { provider: 'demo', maxAskUser: 2, acp: true },
    );
    expect(parseFlags('repl', ['--acp']).acp).toBe(true);
    expect(parseFlags('repl', []).acp).toBe(false);
    for (const flag of ['--cwd', '--resume', '--continue', '--yes', '--output']) {
      expect(flagError('acp', [flag, 'x'])).toContain(flag);
    }
    expect(flagError('headless', ['--acp'])).toMatch(/--acp/);
  });

  it('keeps app-only flags to their app', () => {
    expect(parseFlags('repl', ['--max-ask-user', '0']).maxAskUser).toBe(0);
    expect(flagError('headless', ['--max-ask-user', '1'])).toMatch(/max-ask-user/);
    expect(parseFlags('headless', ['-y', 'p.txt'])).toMatchObject({
      yes: true,
      positionals: ['p.txt'],
    });
    expect(flagError('repl', ['--yes'])).toMatch(/--yes/);
    expect(parseFlags('headless', ['--trust-mcp', 'p.txt'])).toMatchObject({
      trustMcp: true,
      yes: false,
    });
    expect(parseFlags('headless', ['--yes', 'p.txt']).trustMcp).toBe(false);
    expect(flagError('repl', ['--trust-mcp'])).toMatch(/--trust-mcp/);
  });

  it('takes -c and -r as --continue and --resume, and --resume without an id as a pick', () => {
    expect(parseFlags('repl', ['-c'])).toMatchObject({ continue: true, pickSession: false });
    expect(parseFlags('repl', ['-r', 'abc']).resume).toBe('abc');
    for (const argv of [['-r'], ['--resume'], ['-r', '--cwd', 'x'], ['--resume', '--', 'hi']]) {
      const flags = parseFlags('repl', argv);
      expect(flags.pickSession).toBe(true);
      expect(flags.resume).toBeUndefined();
    }
    expect(parseFlags('repl', ['x', '--', '-r']).positionals).toEqual(['x', '-r']);
    expect(flagError('repl', ['-r', '-c'])).toMatch(/cannot be used together/);
    expect(parseFlags('headless', ['-p', 'fix it']).promptText).toBe('fix it');
    expect(flagError('repl', ['-p', 'fix it'])).toMatch(/-p/);
  });

  it('gives agent serve a port and an address to bind, and the REPL neither', () => {
    expect(parseFlags('serve', ['--port', '0', '--host', '0.0.0.0'])).toMatchObject({
      port: 0,
      host: '0.0.0.0',
    });
    expect(parseFlags('serve', ['--port', '65535']).port).toBe(65_535);
    expect(flagError('serve', ['--port', '65536'])).toBe(
      '--port must be a whole number from 0 to 65535 (got "65536")',
    );
    expect(flagError('serve', ['--host', ''])).toBe('--host needs a value');
    expect(flagError('repl', ['--port', '1'])).toMatch(/--port/);
    expect(flagError('serve', ['--resume', 'x'])).toMatch(/--resume/);
    expect(
      parseFlags('serve', ['--allow-host', 'box.tail1.ts.net', '--allow-host', 'proxy:8443'])
        .allowHosts,
    ).toEqual(['box.tail1.ts.net', 'proxy:8443']);
    expect(flagError('serve', ['--allow-host', 'http://box'])).toMatch(
      /--allow-host must be a host name/,
    );
    expect(flagError('repl', ['--allow-host', 'box'])).toMatch(/--allow-host/);
  });

  it('reports each kind of mistake with the flag and the rule', () => {
    expect(flagError('repl', ['--max-ask-user', '-1'])).toMatch(/--max-ask-user/);
    expect(flagError('repl', ['--max-ask-user', 'two'])).toBe(
      '--max-ask-user must be a whole number >= 0 (got "two")',
    );
    expect(flagError('repl', ['--tool-history', 'some'])).toBe(
      '--tool-history must be one of full, off (got "some")',
    );
    expect(flagError('repl', ['--base-url', 'localhost:8080'])).toMatch(/http\(s\) URL/);
    expect(flagError('repl', ['--model', ' '])).toBe('--model needs a value');
    expect(flagError('repl', ['--resume', 'x', '--continue'])).toMatch(/cannot be used together/);
    expect(flagError('headless', ['--frobnicate', 'x'])).toBe(
      'unknown option --frobnicate (--help lists the options; a prompt that starts with "-" goes after "--")',
    );
  });
});
