import { execFileSync } from 'node:child_process';

/** Set to 1 where bubblewrap is deliberately absent: the sandbox tests are then skipped. */
export const NO_BWRAP_ENV = 'AGENT_TEST_NO_BWRAP';

/**
 * Whether the tests that need a working bubblewrap run: true where bwrap works. Where it does not,
 * it throws (the test file fails loudly, so CI without bubblewrap never passes by skipping), unless
 * AGENT_TEST_NO_BWRAP=1 says bubblewrap is deliberately absent: then false (skip them).
 */
export function bwrapForTests(): boolean {
  try {
    execFileSync(
      'bwrap',
      [
        ...['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'],
        ...['--unshare-net', '--unshare-pid', '--', 'true'],
      ],
      { stdio: 'pipe', timeout: 10_000 },
    );
    return true;
  } catch (error) {
    if (process.env[NO_BWRAP_ENV] === '1') return false;
    throw new Error(
      `These tests need bubblewrap (apt-get install bubblewrap), and bwrap does not work here: ${(error as Error).message}. Set ${NO_BWRAP_ENV}=1 only where it is deliberately absent.`,
      { cause: error },
    );
  }
}
