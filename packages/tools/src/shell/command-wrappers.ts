import { readOptions, type FoundOption } from './getopt';
import { PROGRAM_CHANGING } from './shell-variables';
import type { Assignment } from './shell-variables';
import type { CommandAnalysis, SimpleCommand } from './simple-commands';
import { noteWrite } from './written-files';
import { WRAPPERS } from './wrapper-specs';

type Words = Array<string | undefined>;
type Nested = (script: string) => CommandAnalysis;

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
 * Adds `command` to `analysis`, seen through the wrappers that run another program (see
 * WRAPPERS: `env`, `time`, `timeout`, `xargs`, `sudo`, `flock`, `taskset`, `script -c`, `watch`,
 * `strace`, `busybox`, ...), their options read as getopt reads them (a file an option writes is
 * one of the line's writes), `find -exec/-execdir/-ok/-okdir` and `sh|bash|zsh -c SCRIPT` (parsed
 * in turn by `nested`); a shell or `source` reading its script from input may be any program, and
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
  nested: Nested,
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
  if (program === 'busybox' && args[0] !== undefined && !args[0].startsWith('-')) {
    const { path: _path, ...rest } = command;
    return { ...rest, words: [programName(args[0]), ...args.slice(1)] };
  }
  if (program !== undefined && SHELLS.has(program)) return shell(command, args, analysis, nested);
  if (program === 'source' || program === '.') return sourced(command, args, analysis);
  const wrapper =
    program !== undefined && Object.hasOwn(WRAPPERS, program) ? WRAPPERS[program] : undefined;
  if (!wrapper) {
    analysis.commands.push(command);
    return undefined;
  }
  if (program === 'command' && args.some((a) => a === '-v' || a === '-V')) {
    analysis.commands.push(command);
    return undefined;
  }
  const options = readOptions(args, wrapper);
  const has = (names: readonly string[] | undefined) =>
    options.found.filter((found) => names?.includes(found.name));
  if (program === 'env' && (options.unknown || has(['-S', '--split-string']).length > 0)) {
    analysis.unknown = 'env -S splits a string into a command at run time';
    return undefined;
  }
  for (const written of has(wrapper.writes)) wroteThrough(written, analysis, nested);
  const scripts = has(wrapper.script);
  let at = options.operands;
  const assigns: Assignment[] = [...(command.assigns ?? [])];
  if (program === 'env') {
    for (; at < args.length && /^[A-Za-z_]\w*=/.test(args[at] ?? ''); at++) {
      const word = args[at]!;
      const name = word.slice(0, word.indexOf('='));
      assigns.push({ name, value: word.slice(name.length + 1) });
      if (PROGRAM_CHANGING.test(name)) {
        analysis.cautions.push(
          `it sets ${name} (env ${name}=...), which changes what programs run or load`,
        );
      }
    }
  }
  at += wrapper.operands ?? 0;
  if (wrapper.writesOperand !== undefined) {
    noteWrite(analysis, at < args.length ? args[at] : wrapper.writesOperand);
    at = args.length;
  }
  // flock FILE -c 'cmd': the script comes after the lock file.
  if (wrapper.script && wrapper.script.includes(args[at] ?? '') && at < args.length) {
    scripts.push({
      name: args[at]!,
      ...(args[at + 1] === undefined ? { valueUnknown: true } : { value: args[at + 1]! }),
    });
    at = args.length;
  }
  let inner = args.slice(at);
  if (wrapper.joined && !has(['-x', '--exec']).length && inner.length > 0) {
    scripts.push(
      inner.every((word) => word !== undefined)
        ? { name: program!, value: inner.join(' ') }
        : { name: program!, valueUnknown: true },
    );
    inner = [];
  }
  if (has(wrapper.noCommand).length > 0) inner = [];
  if (wrapper.keep || inner.length === 0) analysis.commands.push(command);
  for (const script of scripts) runScript(`${program} ${script.name}`, script, analysis, nested);
  if (inner.length === 0) return undefined;
  if (inner[0] === undefined) {
    analysis.unknown = `the program ${program} runs is only known when it runs`;
    return undefined;
  }
  const next: SimpleCommand = { words: [programName(inner[0]), ...inner.slice(1)] };
  if (inner[0].includes('/')) next.path = inner[0];
  if (wrapper.moreArgs || command.moreArgs) next.moreArgs = true;
  if (assigns.length > 0) next.assigns = assigns;
  return next;
}

/** A file a wrapper's option writes; strace and ltrace also take `-o '|cmd'` (a pipe to a script). */
function wroteThrough(option: FoundOption, analysis: CommandAnalysis, nested: Nested): void {
  const value = option.valueUnknown ? undefined : option.value;
  if (value !== undefined && /^[|!]/.test(value)) {
    runScript(`${option.name} |`, { ...option, value: value.slice(1) }, analysis, nested);
    return;
  }
  noteWrite(analysis, value);
}

/** The commands of a script a wrapper runs (`script -c`, `su -c`, `watch ls`), parsed in turn. */
function runScript(
  how: string,
  option: FoundOption,
  analysis: CommandAnalysis,
  nested: Nested,
): void {
  if (option.valueUnknown || option.value === undefined) {
    analysis.unknown = `the script ${how} runs is only known when it runs`;
    return;
  }
  merge(nested(option.value), analysis, how);
}

function merge(inner: CommandAnalysis, analysis: CommandAnalysis, how: string): void {
  analysis.commands.push(...inner.commands);
  analysis.writes.push(...inner.writes);
  analysis.cautions.push(...inner.cautions);
  analysis.freeBlockers.push(...inner.freeBlockers);
  if (inner.unknown) analysis.unknown = `${how} runs a script where ${inner.unknown}`;
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

/** Operands of a shell that name its input, not a file: it runs whatever that input holds. */
const STDIN_SCRIPT = /^(-|\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/(self|\d+)\/fd\/\d+)$/;
/** bash and sh options that take the next word as their value. */
const SHELL_VALUED = /^([-+][a-zA-Z]*[oO]|--rcfile|--init-file)$/;

/**
 * `bash -c SCRIPT`: the commands of SCRIPT. `bash FILE` runs a file, kept as it is. A shell that
 * reads its script from its input (`... | bash`, `bash -s`, `bash < f`, `bash /dev/stdin`,
 * `bash <(...)`) could run any program: see SimpleCommand.anyProgram.
 */
function shell(
  command: SimpleCommand,
  args: Words,
  analysis: CommandAnalysis,
  nested: Nested,
): undefined {
  let at = 0;
  let flags = '';
  for (; at < args.length; at++) {
    const arg = args[at];
    if (arg === undefined) break;
    if (arg === '--' || arg === '-') {
      at += arg === '--' ? 1 : 0;
      break;
    }
    if (!/^[-+]/.test(arg)) break;
    if (!arg.startsWith('--')) flags += arg.slice(1);
    if (SHELL_VALUED.test(arg)) at++;
  }
  const operand = args[at];
  if (/c/.test(flags)) {
    if (at >= args.length) {
      analysis.commands.push(command);
      return undefined;
    }
    runScript(
      `${command.words[0]} -c`,
      operand === undefined ? { name: '-c', valueUnknown: true } : { name: '-c', value: operand },
      analysis,
      nested,
    );
    return undefined;
  }
  const asksOnly = args.some((a) => a === '--version' || a === '--help');
  if (
    !asksOnly &&
    (/s/.test(flags) || at >= args.length || operand === undefined || STDIN_SCRIPT.test(operand))
  ) {
    analysis.commands.push({
      ...command,
      anyProgram: `${command.words[0]} runs a script it reads from its input or from a file only known at run time, which could run any program`,
    });
    return undefined;
  }
  analysis.commands.push(command);
  return undefined;
}

/** `source FILE`, `. FILE`: a file named beforehand is kept as it is; its input or a substitution could be anything. */
function sourced(command: SimpleCommand, args: Words, analysis: CommandAnalysis): undefined {
  const operand = args[0];
  if (operand === undefined || STDIN_SCRIPT.test(operand)) {
    analysis.commands.push({
      ...command,
      anyProgram: `${command.words[0]} runs a script from its input or from a file only known at run time, which could run any program`,
    });
    return undefined;
  }
  analysis.commands.push(command);
  return undefined;
}

/** A program by its base name: `/usr/bin/touch` is `touch`. */
export function programName(program: string): string {
  return program.replace(/\/+$/, '').split('/').pop() || program;
}
