import { abortReason } from '../../person/person-request';

/** Whether bubblewrap can sandbox commands here, and if not, why. */
export type BwrapProbe = { available: true } | { available: false; reason: string };

/** A probe that takes longer than this counts as not working. */
const PROBE_TIMEOUT_MS = 5000;

/** One probe per PATH: the answer does not change while the process runs. */
const probes = new Map<string, Promise<BwrapProbe>>();

/**
 * Runs `bwrap` once with the namespaces the sandbox uses (`true` inside), found on `env.PATH`,
 * and caches the answer. The wait is abortable (rejects with the signal's reason); the probe
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

function runProbe(env: NodeJS.ProcessEnv): Promise<BwrapProbe> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { execFile } = require('node:child_process') as typeof import('node:child_process');
  const args = [
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
        if (!error) return resolve({ available: true });
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT')
          return resolve({ available: false, reason: 'bwrap (bubblewrap) is not on PATH' });
        const said = String(stderr).trim().split('\n').pop();
        const why = error.killed
          ? `did not finish within ${PROBE_TIMEOUT_MS / 1000} s`
          : said || error.message;
        resolve({
          available: false,
          reason: `bwrap (bubblewrap) cannot create a sandbox here: ${why}`,
        });
      },
    );
  });
}
