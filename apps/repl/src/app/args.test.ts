import path from 'node:path';
import { parseArgs } from './args';

describe('parseArgs', () => {
  it('takes the workspace from --cwd, else INIT_CWD, else the current directory', () => {
    const cwd = '/work/somewhere';
    expect(parseArgs([], {}, cwd)).toMatchObject({ ok: true, args: { cwd } });
    expect(parseArgs([], { INIT_CWD: '/home/me/project' }, cwd)).toMatchObject({
      args: { cwd: '/home/me/project' },
    });
    expect(parseArgs(['--cwd', 'sub'], { INIT_CWD: '/home/me' }, cwd)).toMatchObject({
      args: { cwd: path.resolve('/home/me/sub') },
    });
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
        help: false,
        version: false,
      },
    });
    expect(parseArgs(['--continue', '--help', '--version'], {}, '/w')).toMatchObject({
      args: { continue: true, help: true, version: true },
    });
  });

  it('refuses unknown flags and bad values with a clear message', () => {
    expect(parseArgs(['--nope'], {}, '/w')).toEqual({ ok: false, error: 'unknown option: --nope' });
    expect(parseArgs(['--tool-history', 'some'], {}, '/w')).toEqual({
      ok: false,
      error: '--tool-history must be full or off',
    });
    expect(parseArgs(['--max-ask-user', '-1'], {}, '/w')).toMatchObject({ ok: false });
    expect(parseArgs(['--model'], {}, '/w')).toEqual({ ok: false, error: '--model needs a value' });
    expect(parseArgs(['--resume', 'x', '--continue'], {}, '/w')).toMatchObject({ ok: false });
  });
});
