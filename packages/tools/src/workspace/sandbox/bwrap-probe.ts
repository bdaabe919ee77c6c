import { abortReason } from '@agent/tool-contract';

/**
 * Whether bubblewrap can sandbox commands here, and if not, why. `userNamespace`: the command can
 * get its own user namespace (`--unshare-user --disable-userns`), where the kernel allows one.
 */
export type BwrapProbe =
  { available: true; userNamespace: boolean } | { available: false; reason: string };

/** A probe that takes longer than this counts as not working. */
const PROBE_TIMEOUT_MS = 5000;

/** What bwrapArguments adds where the probe found user namespaces working. */
export const USER_NAMESPACE: readonly string[] = ['--unshare-user', '--disable-userns'];

/** One probe per PATH: the answer does not change while the process runs. */
const probes = new Map<string, Promise<BwrapProbe>>();

/**
 * Runs `bwrap` with the namespaces the sandbox uses (`true` inside), found on `env.PATH`, first
 * with a user namespace of its own, then (where the kernel allows none, as in some containers)
 * without, and caches the answer. Either way every capability is dropped (see bwrapArguments). The wait is abortable (rejects with the signal's reason); the probe
 * itself is bounded by its own timeout and finishes for the next caller.
 */
export function probeBwrap(
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BwrapProbe> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  const key = env.PATH ?? '';
  let probe = probes.get(key);
  if (!probe) {
    probe = runProbe(env);
    probes.set(key, probe);
  }
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    void probe.then((answer) => {
      signal.removeEventListener('abort', onAbort);
      resolve(answer);
    });
  });
}

async function runProbe(env: NodeJS.ProcessEnv): Promise<BwrapProbe> {
  const withUser = await runBwrap(env, USER_NAMESPACE);
  if (withUser.ok) return { available: true, userNamespace: true };
  if (withUser.missing) return { available: false, reason: withUser.reason };
  const without = await runBwrap(env, []);
  return without.ok
    ? { available: true, userNamespace: false }
    : { available: false, reason: without.reason };
}

type BwrapRun = { ok: true } | { ok: false; missing: boolean; reason: string };

function runBwrap(env: NodeJS.ProcessEnv, more: readonly string[]): Promise<BwrapRun> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { execFile } = require('node:child_process') as typeof import('node:child_process');
  const args = [
    ...more,
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    '--unshare-net',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--cap-drop',
    'ALL',
    '--new-session',
    '--die-with-parent',
    '--',
    'true',
  ];
  return new Promise((resolve) => {
    execFile(
      'bwrap',
      args,
      { env: { PATH: env.PATH ?? '' }, timeout: PROBE_TIMEOUT_MS, killSignal: 'SIGKILL' },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ ok: true });
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT')
          return resolve({ ok: false, missing: true, reason: 'bwrap (bubblewrap) is not on PATH' });
        const said = String(stderr).trim().split('\n').pop();
        const why = error.killed
          ? `did not finish within ${PROBE_TIMEOUT_MS / 1000} s`
          : said || error.message;
        resolve({
          ok: false,
          missing: false,
          reason: `bwrap (bubblewrap) cannot create a sandbox here: ${why}`,
        });
      },
    );
  });
}
