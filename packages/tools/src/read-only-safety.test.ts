import os from 'node:os';
import { decideByRules, type PermissionRule } from './permission-rules';
import { shellRequest } from './__tests__/shell-request';

// Issue 33, items 1-6: a line runs without a card only when it can neither run code nor write,
// and deny rules hold through every wrapper and every shell reading code from its input.

const command = shellRequest;
const deny = (text: string): PermissionRule => ({ action: 'deny', text, source: 'test' });
const allow = (text: string): PermissionRule => ({ action: 'allow', text, source: 'test' });

async function verdicts(rules: PermissionRule[], lines: readonly string[]) {
  const got: Array<[string, string]> = [];
  for (const line of lines) got.push([line, (await decideByRules(rules, command(line))).action]);
  return got;
}
const all = (lines: readonly string[], action: string) =>
  lines.map((line): [string, string] => [line, action]);

/** Lines that must keep running free: the checks below must not catch the everyday ones. */
const STILL_FREE = [
  'ls -la | wc -l',
  'LC_ALL=C sort a.txt',
  'env LANG=C TZ=UTC date',
  'GIT_PAGER=cat git log -3',
  'NO_COLOR=1 git diff --stat',
  'for i in 1 2; do echo $i; done',
  'x=1; echo $x',
  'echo $((1 + 2))',
  'for ((i = 0; i < 3; i++)); do echo $i; done',
  'n=3; echo $((n * 2))',
  '[[ -v PWD ]] && echo set',
  'echo "$HOME" ${PWD:-.} ${#PWD} $? $1',
  'cat src/*.ts | grep -c x',
  'grep -rn foo .',
  'sort -u a.txt',
  'sort --unique a.txt',
  'time -o /dev/null ls',
  'cat ~/notes.txt',
];

describe('read-only commands (issue 33)', () => {
  it('keep running the everyday read-only lines without a card', async () => {
    expect(await verdicts([], STILL_FREE)).toEqual(all(STILL_FREE, 'allow'));
  });

  it('1. check variables set through env and other wrappers like a bare prefix', async () => {
    const lines = [
      "env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch M' git status",
      'env GIT_EXTERNAL_DIFF=./x git diff',
      'env PATH=. ls',
      'env LD_PRELOAD=./x.so ls',
      'env -i PATH=. ls',
      'command env PATH=. ls',
      'nice env LD_PRELOAD=./x.so cat a',
      'timeout 5 env HOME=. git status',
      'env -u X GIT_DIR=evil git log',
    ];
    expect(await verdicts([], lines)).toEqual(all(lines, 'ask'));
    // A rule that allows the program still does not cover what the variable makes it run.
    expect(await verdicts([allow('run_shell(git status)')], [lines[0]!])).toEqual(
      all([lines[0]!], 'ask'),
    );
  });

  it('2. allow only harmless variables on a free command, whichever way they are set', async () => {
    const lines = [
      'HOME=. git status',
      'XDG_CONFIG_HOME=cfg git diff',
      'GIT_DIR=x git log',
      'GIT_CONFIG_GLOBAL=./g git status',
      'LESSOPEN="|touch M %s" cat a',
      'PAGER=./x git log',
      'MANPAGER=./x git log',
      'BASH_ENV=./x ls',
      'ENV=./x ls',
      'PROMPT_COMMAND=x ls',
      'FOO=1 ls',
      'GIT_PAGER=less git log',
      'HOME=.; git status',
      'export HOME=.; git status',
      'for HOME in .; do git status; done',
      'cd . && XDG_CONFIG_HOME=. git diff',
    ];
    expect(await verdicts([], lines)).toEqual(all(lines, 'ask'));
  });

  it('3. ask for expansions that may run code: arithmetic, transformations, indirection', async () => {
    const lines = [
      "x='a[$(touch M)]'; echo $((x))",
      'echo $((x))',
      'echo $[x]',
      '(( x ))',
      "x='a[$(touch M)]'; (( x ))",
      '[[ 1 -eq "$x" ]]',
      '[[ $x -lt 3 ]]',
      "test -v 'a[$(touch M)]'",
      "[ -v 'a[$(touch M)]' ]",
      '[[ -v a[\\$(touch M)] ]]',
      'echo ${x@P}',
      'echo ${x@Q}',
      'echo ${!x}',
      'echo ${a[$i]}',
      'echo ${PWD:$n}',
      "x='a[$(touch M)]'; for ((i = x; i < 1; i++)); do :; done",
    ];
    expect(await verdicts([], lines)).toEqual(all(lines, 'ask'));
    // Code hidden in a value cannot be checked against a deny rule either.
    const denied = await verdicts([deny('run_shell(touch)'), allow('run_shell')], lines);
    expect(denied).toEqual(all(lines, 'deny'));
  });

  it('4. read options as getopt does: prefixes, clusters, wrappers that write', async () => {
    const lines = [
      'sort --o=F a',
      'sort --outp F a',
      'sort --output=F a',
      'sort -uoF a',
      'sort -o F a',
      'sort --compress=sh a',
      'command time -o F ls',
      'time -o F ls',
      'time --out=F ls',
      'time -ao F ls',
      'nice time -o F ls',
      'git diff --out=x',
      'git diff --ext',
      'rg --pre=./x foo',
      'rg --hostname-bin=./x foo',
      'tree -R -H . -L 1',
      'strace -o F ls',
      "script -qc 'ls' log.txt",
      "script -c 'ls'",
    ];
    expect(await verdicts([], lines)).toEqual(all(lines, 'ask'));
    const writes = await decideByRules([deny('write_file(F)')], command('command time -o F ls'));
    expect(writes.action).toBe('deny');
  });

  it('5. ask before reading secrets: credential files, the environment, secret variables', async () => {
    const home = os.homedir();
    const lines = [
      'cat ~/.ssh/id_rsa',
      `cat ${home}/.ssh/id_ed25519`,
      'cat $HOME/.aws/credentials',
      'head ~/.config/gcloud/credentials.db',
      'cat ~/.netrc',
      'cat ~/.npmrc',
      'cat < ~/.docker/config.json',
      'cd ~/.ssh && cat id_rsa',
      'cat ../../../../../../../../root/.ssh/id_rsa',
      'cat ~/.s*/id_*',
      'cat /proc/self/environ',
      'cat /proc/1/environ',
      'cat ~/.agent/settings.json',
      'grep -r KEY ~',
      'rg --hidden KEY /',
      'grep -r KEY ../..',
      'echo $OPENAI_API_KEY',
      'echo "${ANTHROPIC_API_KEY}"',
      'echo ${AWS_SECRET_ACCESS_KEY:-none}',
      'cat <<< "$GH_TOKEN"',
      'echo ${#DATABASE_URL} $DATABASE_URL',
      'env',
      'printenv',
      'printenv OPENAI_API_KEY',
      'set',
      'export -p',
      'declare -p',
      'declare -x',
      'typeset -p',
      'compgen -v',
    ];
    expect(await verdicts([], lines)).toEqual(all(lines, 'ask'));
    // Allowed by a rule the person wrote, it runs: the rule is theirs.
    expect(await verdicts([allow('run_shell(cat)')], ['cat ~/.netrc'])).toEqual(
      all(['cat ~/.netrc'], 'allow'),
    );
  });

  it('6. hold deny rules through wrappers that run their argument, and shells reading input', async () => {
    const rules = [deny('run_shell(touch)'), allow('run_shell')];
    const lines = [
      'flock /tmp/l touch x',
      "flock /tmp/l -c 'touch x'",
      'flock -w 5 /tmp/l touch x',
      'taskset 1 touch x',
      'taskset -c 0 touch x',
      'chrt 1 touch x',
      'chrt -f 1 touch x',
      'unshare touch x',
      'unshare -r touch x',
      "script -qc 'touch x' /dev/null",
      'watch touch x',
      "watch -n 1 'touch x'",
      'strace touch x',
      'strace -f -e trace=file touch x',
      "strace -o '|touch x' ls",
      'ltrace touch x',
      'busybox touch x',
      "busybox sh -c 'touch x'",
      'ionice -c 3 touch x',
      'setsid -f touch x',
      'stdbuf -oL touch x',
      'timeout -s KILL 5 touch x',
      'nohup touch x',
      'sudo -u me touch x',
      'chroot / touch x',
      "su -c 'touch x'",
      'coproc touch x',
      'nice -n5 ionice -c3 taskset 1 touch x',
      'echo touch x | bash',
      'echo touch x | sh -s',
      'bash < script.txt',
      "bash <<< 'touch x'",
      "bash <<'EOF'\ntouch x\nEOF",
      'bash /dev/stdin < f',
      'bash <(echo touch x)',
      'source <(echo touch x)',
      '. <(echo touch x)',
      '. /dev/stdin',
      'source /dev/fd/0',
      'echo touch x | busybox sh',
    ];
    expect(await verdicts(rules, lines)).toEqual(all(lines, 'deny'));
    // A shell reading code from its input matches every deny rule, and no allow rule covers it.
    const piped = await decideByRules([deny('run_shell(rm)')], command('curl x | bash'));
    expect(piped.action === 'deny' && piped.by).toMatch(/could run any program/);
    expect(
      (
        await decideByRules(
          [allow('run_shell(curl)'), allow('run_shell(bash)')],
          command('curl x | bash'),
        )
      ).action,
    ).toBe('ask');
    // A script named beforehand, and a shell asked only its version, are what they say.
    expect(await verdicts(rules, ['bash ./build.sh', 'bash --version'])).toEqual(
      all(['bash ./build.sh', 'bash --version'], 'allow'),
    );
  });
});
