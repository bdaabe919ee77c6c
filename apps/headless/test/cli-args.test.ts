import { parseCliArgs } from '../src/cli-args';
import { UsageError } from '../src/exit-codes';

function usageError(argv: string[]): string {
  try {
    parseCliArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`expected a usage error for ${argv.join(' ')}`);
}

describe('parseCliArgs', () => {
  it('reads --explain COMMAND instead of a prompt file, with the rule flags', () => {
    const got = parseCliArgs(['--explain', 'git status | bash', '--deny', 'run_shell(rm)']);
    expect(got.kind === 'explain' && [got.command, got.options.deny]).toEqual([
      'git status | bash',
      ['run_shell(rm)'],
    ]);
    expect(usageError(['--explain', 'ls', 'prompt.txt'])).toMatch(/--explain takes no prompt file/);
    expect(usageError(['--explain', ' '])).toMatch(/--explain needs a value/);
  });

  it('reads a prompt file and every flag', () => {
    expect(
      parseCliArgs([
        '--',
        'prompt.txt',
        '--provider',
        'openai-chat',
        '--model',
        'gpt-x',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--cwd',
        '../ws',
        '--tool-history',
        'off',
        '--output',
        'jsonl',
        '--yes',
        '--trust-mcp',
        '--max-iterations',
        '7',
        '--resume',
        'abc',
        '--image',
        'a.png',
        '--image',
        'shots/b.webp',
      ]),
    ).toEqual({
      kind: 'run',
      options: {
        prompt: { file: 'prompt.txt' },
        provider: 'openai-chat',
        model: 'gpt-x',
        baseUrl: 'http://127.0.0.1:9/v1',
        cwd: '../ws',
        toolHistory: 'off',
        output: 'jsonl',
        yes: true,
        trustMcp: true,
        maxIterations: 7,
        resume: 'abc',
        continue: false,
        allow: [],
        deny: [],
        images: ['a.png', 'shots/b.webp'],
      },
    });
  });

  it('defaults to text output, no approvals, and takes - for stdin', () => {
    expect(parseCliArgs(['-', '--continue'])).toEqual({
      kind: 'run',
      options: {
        prompt: { file: '-' },
        trustMcp: false,
        output: 'text',
        yes: false,
        continue: true,
        allow: [],
        deny: [],
        images: [],
      },
    });
  });

  it('takes the prompt itself with -p / --prompt, and -c / -r as --continue / --resume', () => {
    for (const flag of ['-p', '--prompt']) {
      expect(parseCliArgs([flag, 'fix the failing test', '-c'])).toMatchObject({
        kind: 'run',
        options: { prompt: { text: 'fix the failing test' }, continue: true },
      });
    }
    expect(parseCliArgs(['-r', 'abc', 'p.txt'])).toMatchObject({
      options: { prompt: { file: 'p.txt' }, resume: 'abc' },
    });
    expect(usageError(['-p', 'hi', 'p.txt'])).toMatch(/-p gives the prompt already/);
    expect(usageError(['p.txt', '--resume'])).toMatch(/--resume needs a session id here/);
    expect(usageError(['p.txt', '-r', '-c'])).toMatch(/cannot be used together/);
  });

  it('answers --help and --version before anything else', () => {
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['-v'])).toEqual({ kind: 'version' });
  });

  it('reports each kind of mistake clearly', () => {
    expect(usageError([])).toMatch(/missing the prompt: a file, - to read standard input, or -p/);
    expect(usageError(['a.txt', 'b.txt'])).toMatch(/expected one prompt, got 2/);
    expect(usageError(['a.txt', '--frobnicate'])).toMatch(/--frobnicate/);
    expect(usageError(['a.txt', '--output', 'xml'])).toBe(
      '--output must be one of text, json, jsonl (got "xml")',
    );
    expect(usageError(['a.txt', '--tool-history', 'some'])).toMatch(/--tool-history must be/);
    expect(usageError(['a.txt', '--max-iterations', '0'])).toMatch(/--max-iterations must be/);
    expect(usageError(['a.txt', '--max-iterations', '2.5'])).toMatch(/--max-iterations must be/);
    expect(usageError(['a.txt', '--base-url', 'localhost:80'])).toMatch(/--base-url must be/);
    expect(usageError(['a.txt', '--resume', 'x', '--continue'])).toMatch(/cannot be used together/);
    expect(usageError(['a.txt', '--model'])).toMatch(/--model/);
  });
});
