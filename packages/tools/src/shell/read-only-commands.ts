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
  rg: { unsafe: ['--pre', '--pre-glob', '-z', '--search-zip'] },
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
  tree: { unsafe: ['-o'] },
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
  const [program, ...args] = command.words;
  if (program === undefined || command.moreArgs) return false;
  if (command.path !== undefined && !isSystemPath(command.path)) return false;
  const entry = Object.hasOwn(READ_ONLY_COMMANDS, program)
    ? READ_ONLY_COMMANDS[program]
    : undefined;
  if (!entry) return false;
  if (entry.subcommands && !entry.subcommands.includes(args[0] ?? '')) return false;
  const unsafe = entry.unsafe ?? [];
  if (unsafe.length === 0) return true;
  return args.every(
    (arg) => arg !== undefined && !unsafe.some((option) => usesOption(arg, option)),
  );
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
    return name.startsWith('--') && name.length > 3 && option.startsWith(name);
  }
  if (option.length > 2) return arg === option;
  return /^-[^-]/.test(arg) && arg.includes(option[1]!);
}
