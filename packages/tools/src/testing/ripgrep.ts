import { runsCleanly, toolForTests } from './test-tools';

/**
 * Whether the tests that need ripgrep run: true where `rg` works; elsewhere they are skipped with
 * one visible line (a failure under AGENT_TEST_REQUIRE_TOOLS=1, see toolForTests).
 */
export function ripgrepForTests(): boolean {
  return toolForTests({
    name: 'ripgrep (rg)',
    install: 'apt-get install ripgrep',
    check: () => runsCleanly('rg', ['--version']),
  });
}

/** The search engines the tests run: both where `rg` works, else JavaScript alone (said once). */
export function searchEnginesForTests(): readonly ('ripgrep' | 'javascript')[] {
  return ripgrepForTests() ? ['ripgrep', 'javascript'] : ['javascript'];
}
