import { unsafeAssignment } from './shell-variables';
import type { SimpleCommand } from './simple-commands';

interface ReadOnly {
  /** Only these subcommands are read-only (`git status`), when given. */
  subcommands?: string[];
  /** Options that write files or run programs: the command is then not read-only. */
  unsafe?: string[];
}

/**
 * Commands known to only read and print: with harmless redirections (to /dev/null, between
 * descriptors, from files) they run without a card. None of them is listed with an option that
 * writes or runs code; a command using one (`sort -o`, `find -delete`, `git diff --output`), or an
 * argument only known at run time where such an option exists, is not read-only.
 */
export const READ_ONLY_COMMANDS: Record<string, ReadOnly> = {
  ls: {},
  cat: {},
  head: {},
  tail: {},
  wc: {},
  grep: {},
  egrep: {},
  fgrep: {},
  rg: { unsafe: ['--pre', '--pre-glob', '-z', '--search-zip', '--hostname-bin'] },
  pwd: {},
  echo: {},
  printf: { unsafe: ['-v'] },
  sleep: {},
  true: {},
  false: {},
  ':': {},
  cd: {},
  test: {},
  '[': {},
  which: {},
  type: {},
  basename: {},
  dirname: {},
  realpath: {},
  readlink: {},
  stat: {},
  du: {},
  df: {},
  cut: {},
  tr: {},
  nl: {},
  cmp: {},
  comm: {},
  diff: {},
  od: {},
  hexdump: {},
  md5sum: {},
  sha1sum: {},
  sha256sum: {},
  whoami: {},
  id: {},
  uname: {},
  date: { unsafe: ['-s', '--set'] },
  file: { unsafe: ['-C', '--compile'] },
  sort: { unsafe: ['-o', '--output', '--compress-program'] },
  tree: { unsafe: ['-o', '-R'] },
  find: {
    unsafe: [
      '-delete',
      '-exec',
      '-execdir',
      '-ok',
      '-okdir',
      '-fprint',
      '-fprint0',
      '-fprintf',
      '-fls',
    ],
  },
  git: {
    subcommands: ['status', 'diff', 'log', 'show', 'blame', 'rev-parse', 'ls-files', 'grep'],
    unsafe: ['--output', '--ext-diff', '-O', '--open-files-in-pager'],
  },
};

/** Whether `command` is in {@link READ_ONLY_COMMANDS}, with no option that writes or runs code. */
export function isReadOnly(command: SimpleCommand): boolean {
  return notReadOnly(command) === undefined;
}

/**
 * Why `command` is not a known read-only command, or undefined when it is: in
 * {@link READ_ONLY_COMMANDS}, by its name or a system path, with no option that writes or runs code
 * (long options also by a unique prefix, `--o=F`; short ones also in a cluster, `-uoF`), and no
 * variable set for it beyond the harmless ones (see unsafeAssignment).
 */
export function notReadOnly(command: SimpleCommand): string | undefined {
  const [program, ...args] = command.words;
  if (command.anyProgram) return command.anyProgram;
  if (program === undefined) return 'its program is only known when it runs';
  if (command.moreArgs) return 'it takes more arguments from its input at run time';
  if (command.path !== undefined && !isSystemPath(command.path)) {
    return `it runs ${command.path}, a program outside the system folders`;
  }
  const entry = Object.hasOwn(READ_ONLY_COMMANDS, program)
    ? READ_ONLY_COMMANDS[program]
    : undefined;
  if (!entry) return `${program} is not on the list of read-only commands`;
  if (entry.subcommands && !entry.subcommands.includes(args[0] ?? '')) {
    return `only ${entry.subcommands.map((sub) => `${program} ${sub}`).join(', ')} are read-only`;
  }
  for (const assignment of command.assigns ?? []) {
    const why = unsafeAssignment(assignment);
    if (why) return why;
  }
  for (const arg of args) {
    if (arg === undefined) {
      if (entry.unsafe?.length) {
        return `an argument is only known at run time, and ${program} has options that write or run programs`;
      }
      continue;
    }
    const option = entry.unsafe?.find((unsafe) => usesOption(arg, unsafe));
    if (option)
      return `${arg} is ${program}'s option ${option}, which writes files or runs programs`;
  }
  return undefined;
}

/** A program named by a path in a system folder is the system's, not a file the model wrote. */
export function isSystemPath(path: string): boolean {
  return /^\/(usr\/(local\/)?)?s?bin\/[^/]+$/.test(path);
}

/**
 * Whether `arg` uses `option`: `--output` as `--output=x` or an abbreviation (`--out`), `-o` as
 * `-o`, `-ofile` or inside a cluster (`-uo`), a single-dash long option (`-delete`) exactly.
 */
function usesOption(arg: string, option: string): boolean {
  if (option.startsWith('--')) {
    const name = arg.split('=')[0]!;
    return name.startsWith('--') && name.length > 2 && option.startsWith(name);
  }
  if (option.length > 2) return arg === option;
  return /^-[^-]/.test(arg) && arg.includes(option[1]!);
}
