import type { OptionSpec } from './getopt';

/** A program that runs another program given by its remaining words (see command-wrappers.ts). */
export interface Wrapper extends OptionSpec {
  /** Operands the wrapper itself takes before the command (`timeout`'s duration, `flock`'s file). */
  operands?: number;
  /** Stays a command of its own besides the one it runs (`sudo` needs its own approval). */
  keep?: boolean;
  /** Arguments come from input at run time. */
  moreArgs?: boolean;
  /** Options whose value is a file the wrapper writes (`time -o FILE`, `strace -o FILE`). */
  writes?: string[];
  /** Options whose value is a shell script it runs (`script -c 'cmd'`, `su -c 'cmd'`). */
  script?: string[];
  /** Options after which no command follows (`taskset -p MASK PID` works on a running process). */
  noCommand?: string[];
  /** The remaining words are joined into one script run by `sh -c` (`watch ls -l`). */
  joined?: boolean;
  /** Its operand is a file it writes (`script`'s typescript, `typescript` when none). */
  writesOperand?: string;
}

/**
 * Programs that run the program named by their remaining words, with their options as getopt
 * reads them. `env` also takes `NAME=value` words; `command -v`, `command -V` only look a name up.
 */
export const WRAPPERS: Record<string, Wrapper> = {
  env: {
    short: 'iu:C:S:0v',
    long: 'ignore-environment unset= chdir= split-string= null debug block-signal? default-signal? ignore-signal? list-signal-handling',
  },
  command: { short: 'pvV' },
  builtin: { short: '' },
  coproc: { short: '' },
  exec: { short: 'cla:' },
  time: {
    short: 'f:o:apqv',
    long: 'format= output= append portability quiet verbose',
    writes: ['-o', '--output'],
  },
  nice: { short: 'n:', long: 'adjustment=' },
  nohup: { short: '' },
  setsid: { short: 'cfw', long: 'ctty fork wait' },
  stdbuf: { short: 'i:o:e:', long: 'input= output= error=' },
  ionice: { short: 'c:n:p:P:u:t', long: 'class= classdata= pid= pgid= uid= ignore' },
  doas: { short: 'u:C:ns', keep: true },
  timeout: {
    short: 's:k:v',
    long: 'signal= kill-after= preserve-status foreground verbose',
    operands: 1,
  },
  flock: {
    short: 'sexnoFuw:E:c:',
    long: 'shared exclusive nonblock nb close no-fork unlock timeout= wait= conflict-exit-code= command= verbose',
    operands: 1,
    script: ['-c', '--command'],
  },
  taskset: {
    short: 'pcaf',
    long: 'pid cpu-list all-tasks',
    operands: 1,
    noCommand: ['-p', '--pid'],
  },
  chrt: {
    short: 'abdefiomprRvT:P:D:',
    long: 'all-tasks batch deadline fifo idle other rr reset-on-fork pid max verbose sched-runtime= sched-period= sched-deadline=',
    operands: 1,
    noCommand: ['-p', '--pid', '-m', '--max'],
  },
  unshare: {
    short: 'mUuinpCTrfR:w:S:G:l:c',
    long: 'mount? uts? ipc? net? pid? user? cgroup? time? fork kill-child? mount-proc? map-root-user map-current-user map-user= map-group= map-users= map-groups= map-auto keep-caps propagation= setgroups= root= wd= setuid= setgid= monotonic= boottime= load-interp=',
  },
  script: {
    short: 'ac:eE:fI:O:B:T:m:qt::',
    long: 'append command= return echo= flush log-in= log-out= log-io= log-timing= logging-format= quiet timing?',
    script: ['-c', '--command'],
    writes: [
      '-I',
      '--log-in',
      '-O',
      '--log-out',
      '-B',
      '--log-io',
      '-T',
      '--log-timing',
      '-t',
      '--timing',
    ],
    writesOperand: 'typescript',
  },
  watch: {
    short: 'bceghptwxn:d::q:',
    long: 'beep color no-color chgexit errexit no-title no-wrap no-linewrap precise exec interval= differences? equexit= shotsdir=',
    joined: true,
  },
  strace: {
    short: 'o:e:p:s:u:a:b:E:I:O:P:S:X:U:cCdDfFhiknqrtTvVwxyYzZ',
    long: 'output= trace= signal= status= pid= string-limit= user= env= summary-columns= seccomp-bpf follow-forks output-separately',
    writes: ['-o', '--output'],
  },
  ltrace: {
    short: 'o:e:p:s:u:a:A:D:F:l:n:x:L:bcCfhirStTVw',
    long: 'output= library= demangle align= indent=',
    writes: ['-o', '--output'],
  },
  busybox: { short: '' },
  chroot: { short: '', long: 'userspec= groups= skip-chdir', operands: 1 },
  nsenter: {
    short: 't:m::u::i::n::p::U::C::T::r::w::S:G:FZa',
    long: 'target= mount? uts? ipc? net? pid? user? cgroup? time? root? wd? setuid= setgid= preserve-credentials no-fork follow-context all',
  },
  setpriv: {
    short: 'd',
    long: 'dump no-new-privs inh-caps= ambient-caps= bounding-set= ruid= euid= rgid= egid= reuid= regid= clear-groups keep-groups init-groups groups= securebits= pdeathsig= selinux-label= apparmor-profile= landlock-access= landlock-rule= reset-env',
  },
  prlimit: {
    short: 'p:o:',
    long: 'pid= output= noheadings raw verbose as? core? cpu? data? fsize? locks? memlock? msgqueue? nice? nofile? nproc? rss? rtprio? rttime? sigpending? stack?',
  },
  numactl: {
    short: 'C:N:m:p:i:lasHb',
    long: 'all interleave= membind= cpunodebind= physcpubind= localalloc preferred= preferred-many= show hardware balancing',
  },
  faketime: { short: 'fmp:', operands: 1 },
  eatmydata: { short: '' },
  unbuffer: { short: 'p' },
  catchsegv: { short: '' },
  torsocks: { short: 'u:p:a:P:diq', long: 'user= pass= address= port= debug isolate quiet shell' },
  proxychains: { short: 'f:q' },
  proxychains4: { short: 'f:q' },
  'dbus-run-session': { short: '', long: 'config-file= dbus-daemon=' },
  'xvfb-run': {
    short: 'ae:f:hn:lp:s:w:',
    long: 'auto-servernum error-file= auth-file= help server-num= listen-tcp xauth-protocol= server-args= wait=',
    writes: ['-e', '--error-file', '-f', '--auth-file'],
  },
  valgrind: {
    short: 'q',
    long: 'log-file= xml-file= log-fd= tool= quiet',
    writes: ['--log-file', '--xml-file'],
  },
  su: {
    short: 'c:fg:G:lmps:P',
    long: 'command= session-command= fast group= supp-group= login preserve-environment shell= pty whitelist-environment=',
    script: ['-c', '--command', '--session-command'],
    keep: true,
  },
  runuser: {
    short: 'c:fg:G:lmps:u:P',
    long: 'command= session-command= fast group= supp-group= login preserve-environment shell= user= pty whitelist-environment=',
    script: ['-c', '--command', '--session-command'],
    keep: true,
  },
  sg: { short: 'c:', script: ['-c'], operands: 1, joined: true, keep: true },
  pkexec: { short: '', long: 'user= disable-internal-agent keep-cwd', keep: true },
  'systemd-run': {
    short: 'p:E:M:u:t:qrGSH:',
    long: 'unit= property= setenv= machine= scope user system wait pipe pty quiet remain-after-exit collect shell same-dir working-directory= description= slice= uid= gid= nice= on-active= on-calendar= service-type=',
    keep: true,
  },
  firejail: { short: '', keep: true },
  xargs: {
    short: 'a:d:E:I:L:n:P:s:0ioprtxe::l::',
    long: 'arg-file= delimiter= eof? replace? max-lines? max-args= max-procs= max-chars= null interactive no-run-if-empty verbose exit show-limits process-slot-var= open-tty',
    moreArgs: true,
  },
  sudo: {
    short: 'u:g:C:D:h:p:r:t:T:U:AbEeHiKklnPSsVvR:',
    long: 'user= group= close-from= chdir= host= prompt= role= type= command-timeout= other-user= askpass background preserve-env? edit set-home login remove-timestamp reset-timestamp list non-interactive preserve-groups stdin shell validate chroot=',
    keep: true,
  },
};
