import { runsCleanly, toolForTests } from './test-tools';

/**
 * Whether the tests that need a working bubblewrap run: true where bwrap works; elsewhere they
 * are skipped with one visible line (a failure under AGENT_TEST_REQUIRE_TOOLS=1, see toolForTests).
 */
export function bwrapForTests(): boolean {
  return toolForTests({
    name: 'bubblewrap (bwrap)',
    install: 'apt-get install bubblewrap',
    check: () =>
      runsCleanly('bwrap', [
        ...['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'],
        ...['--unshare-net', '--unshare-pid', '--', 'true'],
      ]),
  });
}
