import type { CommandAnalysis, SimpleCommand } from './simple-commands';

type Words = Array<string | undefined>;

/** Options of a wrapper that take a value as the next word (when not attached: `-n5`, `--x=5`). */
interface Wrapper {
  valued: string[];
  /** Words after the options that the wrapper itself takes (`timeout`'s duration). */
  operands?: number;
  /** Stays a command of its own besides the one it runs (`sudo` needs its own approval). */
  keep?: boolean;
  /** Arguments come from input at run time. */
  moreArgs?: boolean;
}

/**
 * Programs that run the program named by their remaining words. `env` also takes `NAME=value`
 * words; `command -v` and `command -V` only look a name up.
 */
const WRAPPERS: Record<string, Wrapper> = {
  env: { valued: ['-u', '--unset', '-C', '--chdir'] },
  command: { valued: [] },
  builtin: { valued: [] },
  exec: { valued: ['-a'] },
  time: { valued: ['-f', '--format', '-o', '--output'] },
  nice: { valued: ['-n', '--adjustment'] },
  nohup: { valued: [] },
  setsid: { valued: [] },
  stdbuf: { valued: ['-i', '-o', '-e'] },
  ionice: { valued: ['-c', '--class', '-n', '--classdata'] },
  doas: { valued: ['-u', '-C'], keep: true },
  timeout: { valued: ['-s', '--signal', '-k', '--kill-after'], operands: 1 },
  xargs: {
    valued: [
      '-a',
      '--arg-file',
      '-d',
      '--delimiter',
      '-E',
      '-I',
      '-L',
      '--max-lines',
      '-n',
      '--max-args',
      '-P',
      '--max-procs',
      '-s',
      '--max-chars',
    ],
    moreArgs: true,
  },
  sudo: {
    valued: [
      '-u',
      '--user',
      '-g',
      '--group',
      '-C',
      '--close-from',
      '-D',
      '--chdir',
      '-h',
      '--host',
      '-p',
      '--prompt',
      '-r',
      '--role',
      '-t',
      '--type',
      '-T',
      '--command-timeout',
      '-U',
      '--other-user',
    ],
    keep: true,
  },
};

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash']);
const FIND_RUNS = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** git options before the subcommand that take a value; the ones that can run programs are cautions. */
const GIT_VALUED = [
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--config-env',
  '--exec-path',
  '--super-prefix',
  '--list-cmds',
  '--attr-source',
];
const GIT_RISKY = /^(-c|--config-env|--exec-path|--git-dir|--work-tree)/;
const MAX_WRAPPERS = 8;

/**
 * Adds `command` to `analysis`, seen through the wrappers that run another program (`env`,
 * `command`, `builtin`, `exec`, `time`, `nice`, `nohup`, `setsid`, `stdbuf`, `ionice`, `timeout`,
 * `xargs`, `sudo`, `doas`),
 * `find -exec/-execdir/-ok/-okdir` and `sh|bash|zsh -c SCRIPT` (parsed in turn by `nested`);
 * `eval` makes the line unknown. git's options before its subcommand are dropped (`git -C . push`
 * is `git push`).
 */
export function expandWrappers(
  command: SimpleCommand,
  analysis: CommandAnalysis,
  nested: (script: string) => CommandAnalysis,
): void {
  let current: SimpleCommand | undefined = command;
  for (let hops = 0; current; hops++) {
    if (hops > MAX_WRAPPERS) {
      analysis.unknown = `it nests more than ${MAX_WRAPPERS} wrapper programs`;
      return;
    }
    current = step(current, analysis, nested);
  }
}

function step(
  command: SimpleCommand,
  analysis: CommandAnalysis,
  nested: (script: string) => CommandAnalysis,
): SimpleCommand | undefined {
  const [program, ...args] = command.words;
  if (program === 'eval') {
    analysis.unknown = 'eval runs a string built at run time as a command';
    return undefined;
  }
  if (program === 'git') {
    analysis.commands.push({ ...command, words: ['git', ...gitWithoutGlobals(args, analysis)] });
    return undefined;
  }
  if (program === 'find') return find(command, args, analysis, nested);
  if (program !== undefined && SHELLS.has(program)) return shell(command, args, analysis, nested);
  const wrapper = program !== undefined ? WRAPPERS[program] : undefined;
  if (!wrapper) {
    analysis.commands.push(command);
    return undefined;
  }
  if (program === 'command' && args.some((a) => a === '-v' || a === '-V')) {
    analysis.commands.push(command);
    return undefined;
  }
  let at = skipOptions(args, wrapper.valued);
  if (program === 'env') {
    if (args.slice(0, at).some((a) => a === undefined || /^(-S|--split-string)/.test(a))) {
      analysis.unknown = 'env -S splits a string into a command at run time';
      return undefined;
    }
    while (at < args.length && /^[A-Za-z_]\w*=/.test(args[at] ?? '')) at++;
  }
  at += wrapper.operands ?? 0;
  const inner = args.slice(at);
  if (wrapper.keep || inner.length === 0) analysis.commands.push(command);
  if (inner.length === 0) return undefined;
  if (inner[0] === undefined) {
    analysis.unknown = `the program ${program} runs is only known when it runs`;
    return undefined;
  }
  const next: SimpleCommand = { words: [programName(inner[0]), ...inner.slice(1)] };
  if (inner[0].includes('/')) next.path = inner[0];
  if (wrapper.moreArgs || command.moreArgs) next.moreArgs = true;
  return next;
}

/** The index of the first word after a wrapper's options (and `--`). */
function skipOptions(args: Words, valued: string[]): number {
  let at = 0;
  while (at < args.length) {
    const arg = args[at];
    if (arg === undefined || !arg.startsWith('-') || arg === '-') break;
    at++;
    if (arg === '--') break;
    if (valued.includes(arg)) at++;
  }
  return at;
}

function gitWithoutGlobals(args: Words, analysis: CommandAnalysis): Words {
  let at = 0;
  while (at < args.length) {
    const arg = args[at];
    if (arg === undefined || !arg.startsWith('-')) break;
    if (GIT_RISKY.test(arg)) analysis.cautions.push(`git ${arg} can make git run other programs`);
    at += GIT_VALUED.includes(arg) ? 2 : 1;
  }
  return args.slice(at);
}

/** `find ... -exec CMD {} ;`: find itself without the parts it runs, and each command it runs. */
function find(
  command: SimpleCommand,
  args: Words,
  analysis: CommandAnalysis,
  nested: (script: string) => CommandAnalysis,
): undefined {
  const own: Words = [];
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    if (arg === undefined || !FIND_RUNS.has(arg)) {
      own.push(arg);
      continue;
    }
    let end = at + 1;
    while (end < args.length && args[end] !== ';' && args[end] !== '+') end++;
    const run = args.slice(at + 1, end);
    if (run[0] === undefined) {
      analysis.unknown = `the program find ${arg} runs is only known when it runs`;
    } else {
      const inner: SimpleCommand = { words: [programName(run[0]), ...run.slice(1)] };
      if (run[0].includes('/')) inner.path = run[0];
      expandWrappers(inner, analysis, nested);
    }
    at = end;
  }
  analysis.commands.push({ ...command, words: ['find', ...own] });
  return undefined;
}

/** `bash -c SCRIPT`: the commands of SCRIPT; `bash FILE` runs a file, kept as it is. */
function shell(
  command: SimpleCommand,
  args: Words,
  analysis: CommandAnalysis,
  nested: (script: string) => CommandAnalysis,
): undefined {
  const flag = args.findIndex((a) => a === undefined || /^-[a-zA-Z]*c[a-zA-Z]*$/.test(a));
  if (flag === -1) {
    analysis.commands.push(command);
    return undefined;
  }
  const script = args[flag] === undefined ? undefined : args[flag + 1];
  if (script === undefined) {
    analysis.unknown = `the script ${command.words[0]} -c runs is only known when it runs`;
    return undefined;
  }
  const inner = nested(script);
  analysis.commands.push(...inner.commands);
  analysis.writes.push(...inner.writes);
  analysis.cautions.push(...inner.cautions);
  if (inner.unknown)
    analysis.unknown = `${command.words[0]} -c runs a script where ${inner.unknown}`;
  return undefined;
}

/** A program by its base name: `/usr/bin/touch` is `touch`. */
export function programName(program: string): string {
  return program.replace(/\/+$/, '').split('/').pop() || program;
}
