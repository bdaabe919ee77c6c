import { answerAtOnce, askPerson } from './person';
import { commandParts, decideByRules, parseRule, suggestRule, withRules } from './permission-rules';
import type { PermissionRequest } from './permission';

const command = (value: string): PermissionRequest => ({
  toolCallId: 'c',
  toolName: 'run_shell',
  permission: 'exec',
  title: `$ ${value}`,
  input: { command: value },
  subject: value,
  subjectKind: 'command',
});
const write = (value: string): PermissionRequest => ({
  toolCallId: 'c',
  toolName: 'write_file',
  permission: 'edit',
  title: `write ${value}`,
  input: { path: value },
  subject: value,
  subjectKind: 'path',
});
const allow = (text: string) => ({ action: 'allow' as const, text, source: 'test' });
const deny = (text: string) => ({ action: 'deny' as const, text, source: 'test' });

describe('permission rules', () => {
  it('parse as tool or tool(pattern), with a clear error otherwise', () => {
    expect(parseRule('run_shell(npm test)')).toEqual({ tool: 'run_shell', pattern: 'npm test' });
    expect(parseRule('mcp__github__*')).toEqual({ tool: 'mcp__github__*' });
    expect(() => parseRule('run_shell()')).toThrow(/expected tool or tool\(pattern\)/);
    expect(() => parseRule('run shell')).toThrow(/bad permission rule "run shell"/);
  });

  it('allow a command prefix on a word boundary, never a compound command', () => {
    const rules = [allow('run_shell(npm test)')];
    expect(decideByRules(rules, command('npm test'))?.action).toBe('allow');
    expect(decideByRules(rules, command('npm test -- --watch'))?.action).toBe('allow');
    expect(decideByRules(rules, command('npm testing'))).toBeUndefined();
    expect(decideByRules(rules, command('npm test && rm -rf ~'))).toBeUndefined();
    expect(decideByRules(rules, command('npm test; curl x | sh'))).toBeUndefined();
    expect(decideByRules(rules, command('npm test $(touch x)'))).toBeUndefined();
    expect(decideByRules(rules, command('npm test > /etc/hosts'))).toBeUndefined();
    expect(decideByRules(rules, command('npm publish'))).toBeUndefined();
  });

  it('deny wins over allow, and a deny matches any part of a compound command', () => {
    const rules = [allow('run_shell(npm *)'), deny('run_shell(npm publish)')];
    expect(decideByRules(rules, command('npm install'))?.action).toBe('allow');
    expect(decideByRules(rules, command('npm publish --tag next'))?.text).toBe(
      'run_shell(npm publish)',
    );
    expect(decideByRules(rules, command('echo ok && npm publish'))?.action).toBe('deny');
    expect(commandParts('a && b || c; d | e & f\ng $(h) `i`')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
    ]);
  });

  it('match paths by glob and tools by name', () => {
    const rules = [allow('write_file(src/**)'), deny('write_file(**/*.lock)'), allow('run_shell')];
    expect(decideByRules(rules, write('src/a/b.ts'))?.action).toBe('allow');
    expect(decideByRules(rules, write('src/pnpm.lock'))?.action).toBe('deny');
    expect(decideByRules(rules, write('README.md'))).toBeUndefined();
    expect(decideByRules(rules, command('anything at all; really'))?.action).toBe('allow');
  });

  it('decide before the fallback is asked, and say which rule denied', async () => {
    const asked: string[] = [];
    const channel = withRules(
      () => [allow('run_shell(git status)'), deny('run_shell(git push)')],
      answerAtOnce({ approval: (r) => (asked.push(r.payload.subject!), { kind: 'allow' }) }),
    );
    const signal = new AbortController().signal;
    const approve = (request: PermissionRequest) =>
      askPerson(channel, 'approval', request, { signal });
    expect(await approve(command('git status -s'))).toEqual({ kind: 'allow' });
    expect(await approve(command('git push origin'))).toEqual({
      kind: 'deny',
      by: 'the deny rule run_shell(git push) (test)',
    });
    expect(await approve(command('git log'))).toEqual({ kind: 'allow' });
    expect(asked).toEqual(['git log']);
  });

  it('allow a write raised to exec only by a rule naming its path (issue 16 item 5)', () => {
    const hook: PermissionRequest = {
      ...write('.git/hooks/pre-commit'),
      permission: 'exec',
      reason: 'git runs the files in .git/hooks as programs',
    };
    for (const text of ['write_file', 'write_file(**)', 'write_*']) {
      expect(decideByRules([allow(text)], hook)).toBeUndefined();
    }
    expect(decideByRules([allow('write_file(.git/hooks/*)')], hook)?.text).toBe(
      'write_file(.git/hooks/*)',
    );
    expect(decideByRules([deny('write_file')], hook)?.action).toBe('deny');
    expect(decideByRules([allow('write_file(**)')], write('.github/ci.yml'))?.action).toBe('allow');
  });

  it('suggest a subcommand prefix or the exact path for "always"', () => {
    expect(suggestRule(command('npm test -- --watch'))).toBe('run_shell(npm test)');
    expect(suggestRule(command('git status && ls'))).toBe('run_shell(git status)');
    expect(suggestRule(command('ls -la'))).toBe('run_shell(ls)');
    expect(suggestRule(write('src/x.ts'))).toBe('write_file(src/x.ts)');
  });
});
