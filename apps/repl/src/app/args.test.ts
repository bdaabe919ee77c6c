import path from 'node:path';
import { parseArgs } from './args';

describe('parseArgs', () => {
  it('takes the workspace from --cwd, else where `pnpm start` ran, else the current directory', () => {
    const cwd = '/work/somewhere';
    expect(parseArgs([], {}, cwd)).toMatchObject({ ok: true, args: { cwd } });
    expect(parseArgs([], { AGENT_LAUNCH_DIR: '/home/me/project' }, cwd)).toMatchObject({
      args: { cwd: '/home/me/project' },
    });
    expect(parseArgs(['--cwd', 'sub'], { AGENT_LAUNCH_DIR: '/home/me' }, cwd)).toMatchObject({
      args: { cwd: path.resolve('/home/me/sub') },
    });
  });

  it("ignores INIT_CWD: run from another project's npm script, it names that project", () => {
    const cwd = '/work/project/packages/web';
    expect(parseArgs([], { INIT_CWD: '/work/project' }, cwd)).toMatchObject({ args: { cwd } });
  });

  it('reads every documented flag, in both --flag value and --flag=value forms', () => {
    const parsed = parseArgs(
      [
        '--provider=openai-chat',
        '--model',
        'gpt-x',
        '--base-url',
        'http://127.0.0.1:1/v1',
        '--resume',
        'abc',
        '--tool-history',
        'off',
        '--max-ask-user',
        '0',
      ],
      {},
      '/w',
    );
    expect(parsed).toEqual({
      ok: true,
      args: {
        provider: 'openai-chat',
        model: 'gpt-x',
        baseUrl: 'http://127.0.0.1:1/v1',
        cwd: '/w',
        resume: 'abc',
        continue: false,
        toolHistory: 'off',
        maxAskUser: 0,
        allow: [],
        deny: [],
        help: false,
        version: false,
      },
    });
    expect(parseArgs(['--continue', '--help', '--version'], {}, '/w')).toMatchObject({
      args: { continue: true, help: true, version: true },
    });
  });

  it('refuses unknown flags and bad values with a clear message', () => {
    const error = (argv: string[]): string => {
      const parsed = parseArgs(argv, {}, '/w');
      if (parsed.ok) throw new Error(`expected an error for ${argv.join(' ')}`);
      return parsed.error;
    };
    expect(error(['--nope'])).toMatch(/^unknown option --nope \(--help lists the options/);
    expect(error(['--tool-history', 'some'])).toBe(
      '--tool-history must be one of full, off (got "some")',
    );
    expect(error(['--max-ask-user', '-1'])).toMatch(/--max-ask-user/);
    expect(error(['--model'])).toMatch(/--model/);
    expect(error(['--resume', 'x', '--continue'])).toMatch(/cannot be used together/);
    expect(error(['two', 'words'])).toMatch(
      /expected one prompt, got 2 arguments: put the prompt in quotes/,
    );
    expect(error([' '])).toBe('the prompt argument is empty');
  });

  it('takes one argument as the first prompt, and --resume alone as a pick', () => {
    expect(parseArgs(['fix the failing test', '-c'], {}, '/w')).toMatchObject({
      args: { prompt: 'fix the failing test', continue: true },
    });
    expect(parseArgs(['-r'], {}, '/w')).toMatchObject({ args: { pickSession: true } });
  });
});
