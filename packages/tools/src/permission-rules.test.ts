import { answerAtOnce, askPerson, type PermissionRequest } from '@agent/tool-contract';
import {
  decideByRules,
  preloadShellParser,
  parseRule,
  suggestRule,
  withRules,
  type PermissionRule,
} from './permission-rules';
import { shellRequest } from './__tests__/shell-request';
import { DENIED_SPELLINGS } from './testing';

const command = shellRequest;
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

  const verdict = async (rules: PermissionRule[], request: PermissionRequest) =>
    (await decideByRules(rules, request)).action;

  it('allow a command prefix on a word boundary, only when every part is covered', async () => {
    const rules = [allow('run_shell(npm test)')];
    expect(await verdict(rules, command('npm test'))).toBe('allow');
    expect(await verdict(rules, command('npm test -- --watch'))).toBe('allow');
    expect(await verdict(rules, command('npm testing'))).toBe('ask');
    expect(await verdict(rules, command('npm test && rm -rf ~'))).toBe('ask');
    expect(await verdict(rules, command('npm test; curl x | sh'))).toBe('ask');
    expect(await verdict(rules, command('npm test $(touch x)'))).toBe('ask');
    expect(await verdict(rules, command('npm test > /etc/hosts'))).toBe('ask');
    expect(await verdict(rules, command('npm publish'))).toBe('ask');
    // Harmless redirections and read-only parts do not stop a rule from covering.
    expect(await verdict(rules, command('npm test 2>&1 | tail -3'))).toBe('allow');
    expect(await verdict(rules, command("'npm' test </dev/null >/dev/null; echo done"))).toBe(
      'allow',
    );
  });

  it('run known read-only commands without asking, unless an option writes or runs code', async () => {
    for (const ok of [
      'sleep 6; echo done',
      'ls -la | wc -l',
      'for i in 1 2; do echo $i; done',
      'git status && git diff --stat',
      'cat a.txt 2>/dev/null | grep -c x',
      'find . -name "*.ts" -exec grep -l foo {} +',
    ]) {
      expect([ok, await verdict([], command(ok))]).toEqual([ok, 'allow']);
    }
    for (const asks of [
      'find . -delete',
      'sort -o out.txt in.txt',
      'git diff --output=x',
      'echo hi > notes.txt',
      'ls $(touch x)',
      'PATH=. ls',
      './ls',
      'git -c core.pager=sh log',
      'git push',
      'find . -exec rm {} ;',
      'echo x | xargs ls',
    ]) {
      expect([asks, await verdict([], command(asks))]).toEqual([asks, 'ask']);
    }
    // A write into the workspace is allowed by a rule that allows writing there.
    expect(await verdict([allow('write_file(out/**)')], command('echo hi > out/notes.txt'))).toBe(
      'allow',
    );
    expect(await verdict([deny('write_file(*.lock)')], command('echo hi > pnpm.lock'))).toBe(
      'deny',
    );
  });

  it('deny a command however it is spelled, naming the rule (issue 23)', async () => {
    const rules = [deny('run_shell(touch)'), deny('run_shell(git push)'), allow('run_shell')];
    const spellings = [
      ...DENIED_SPELLINGS,
      'sudo -u me touch x',
      'timeout 5 nice -n 1 touch x',
      'echo $(touch x)',
      'while false; do touch x; done',
      'case a in a) touch x;; esac',
      'sh -lc "env FOO=1 touch x"',
      'git $(echo push)',
      "echo 'x",
    ];
    for (const spelling of spellings) {
      const got = await decideByRules(rules, command(spelling));
      expect([spelling, got.action]).toEqual([spelling, 'deny']);
      expect(got.action === 'deny' && got.by).toMatch(
        /^the deny rule run_shell\((touch|git push)\) \(test\)/,
      );
    }
    const eval_ = await decideByRules(rules, command('eval touch x'));
    expect(eval_.action === 'deny' && eval_.by).toContain('eval runs a string');
    expect(await verdict(rules, command('git status; echo touch'))).toBe('allow');
  });

  it('never cover a command whose programs cannot be named beforehand', async () => {
    const rules = [allow('run_shell(echo)'), allow('run_shell(ls)')];
    for (const text of [
      'eval ls',
      '$CMD x',
      'echo $(ls) | $(echo sh)',
      "echo 'open",
      'env -S "ls -la"',
    ]) {
      const got = await decideByRules(rules, command(text));
      expect([text, got.action]).toEqual([text, 'ask']);
      expect(got.action === 'ask' && got.notCovered).toMatch(
        /not every program it runs can be named beforehand/,
      );
    }
  });

  it('bound the parser: a huge command is refused at once, never parsed for long', async () => {
    const huge = 'echo ' + '$('.repeat(20_000) + 'x' + ')'.repeat(20_000);
    const started = Date.now();
    expect(await verdict([deny('run_shell(rm)')], command(huge))).toBe('deny');
    expect(await verdict([], command('echo ' + 'a '.repeat(100_000)))).toBe('ask');
    expect(Date.now() - started).toBeLessThan(2_000);
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
    // Each decision says, as data, which rule made it (for the call's record).
    expect(await approve(command('git status -s'))).toEqual({
      kind: 'allow',
      approval: {
        by: 'rule',
        rule: 'run_shell(git status)',
        source: 'the allow rule run_shell(git status) (test)',
      },
    });
    const denied = 'the deny rule run_shell(git push) (test), which matches `git push origin`';
    expect(await approve(command('git push origin'))).toEqual({
      kind: 'deny',
      by: denied,
      approval: { by: 'rule', rule: 'run_shell(git push)', source: denied },
    });
    expect(await approve(command('git log'))).toEqual({
      kind: 'allow',
      approval: { by: 'rule', source: 'known read-only commands' },
    });
    expect(await approve(command('npm test'))).toEqual({ kind: 'allow' });
    expect(asked).toEqual(['npm test']);
  });

  it('allow a write raised to exec only by a rule naming its path (issue 16 item 5)', async () => {
    const hook: PermissionRequest = {
      ...write('.git/hooks/pre-commit'),
      permission: 'exec',
      reason: 'git runs the files in .git/hooks as programs',
    };
    for (const text of ['write_file', 'write_file(**)', 'write_*']) {
      expect(await verdict([allow(text)], hook)).toBe('ask');
    }
    const named = await decideByRules([allow('write_file(.git/hooks/*)')], hook);
    expect(named.action === 'allow' && named.rule?.text).toBe('write_file(.git/hooks/*)');
    expect(await verdict([deny('write_file')], hook)).toBe('deny');
    expect(await verdict([allow('write_file(**)')], write('.github/ci.yml'))).toBe('allow');
  });

  it('suggest the program with its subcommand, never a bare interpreter nor a destroying program, or the exact path', async () => {
    await preloadShellParser();
    expect(suggestRule(command('npm test -- --watch'))).toBe('run_shell(npm test)');
    expect(suggestRule(command('git push && ls'))).toBe('run_shell(git push)');
    expect(suggestRule(command('ls -la'))).toBe('run_shell(ls)');
    expect(suggestRule(command('python3 -m unittest -q 2>&1 | tail -3'))).toBe(
      'run_shell(python3 -m unittest)',
    );
    expect(suggestRule(command("python3 -c 'print(1)'"))).toBe("run_shell(python3 -c 'print(1)')");
    expect(suggestRule(command('for i in 1 2; do cargo test -p $i; done'))).toBe(
      'run_shell(cargo test)',
    );
    expect(suggestRule(command('npm run build'))).toBe('run_shell(npm run build)');
    expect(suggestRule(command('eval x'))).toBeUndefined();
    // A rule is a prefix: one for a program that destroys its target would cover any target.
    for (const destroying of [
      'rm -rf /tmp/nothing-here',
      '/bin/rm notes.txt',
      'cd build && rm -rf dist',
      'dd if=/dev/zero of=disk.img',
      'git clean -fdx',
      'git reset --hard HEAD~1',
      'kill -9 1234',
    ]) {
      expect(suggestRule(command(destroying))).toBeUndefined();
    }
    expect(suggestRule(command('npm test && rm -rf coverage'))).toBe('run_shell(npm test)');
    expect(suggestRule(command('git commit -m x'))).toBe('run_shell(git commit)');
    expect(suggestRule(command('curl -s x | bash'))).toBeUndefined();
    // What a suggestion offers covers the command it was offered for.
    for (const text of [
      'python3 -m unittest -q 2>&1 | tail -3',
      "python3 -c 'print(1)'",
      'sleep 1; cargo test',
    ]) {
      const rule = suggestRule(command(text))!;
      expect([text, await verdict([allow(rule)], command(text))]).toEqual([text, 'allow']);
    }
    expect(
      await verdict([allow('run_shell(python3 -m unittest)')], command("python3 -c 'print(1)'")),
    ).toBe('ask');
    expect(suggestRule(write('src/x.ts'))).toBe('write_file(src/x.ts)');
  });
});
