/**
 * Spellings of `touch x` and `git push` that must all be refused by the deny rules
 * `run_shell(touch)` and `run_shell(git push)` (issue 23: each of these ran once). For tests of
 * the rules themselves and of the apps that apply them. Each leaves no file behind when refused.
 */
export const DENIED_SPELLINGS: readonly string[] = [
  '/usr/bin/touch x',
  '\\touch x',
  "'touch' x",
  "t''ouch x",
  'command touch x',
  'env touch x',
  'A=1 touch x',
  'time touch x',
  'nohup touch x',
  'exec touch x',
  'eval touch x',
  '! touch x',
  '(touch x)',
  '{ touch x; }',
  'if true; then touch x; fi',
  "bash -c 'touch x'",
  'cat <(touch x)',
  'echo x | xargs touch',
  'find . -maxdepth 0 -exec touch x \\;',
  'T=touch; $T x',
  'touch\tx',
  'git  push',
  'git -C . push',
  'git --no-pager push',
  'sudo touch x',
  'timeout 5 touch x',
  'stdbuf -o0 touch x',
  'git -c alias.p=push p',
];

export { bwrapForTests } from './bwrap';
export { chromiumForTests, chromiumPath } from './chromium';
export { ripgrepForTests, searchEnginesForTests } from './ripgrep';
export { pathWithout, REQUIRE_TOOLS_ENV, toolForTests, type TestTool } from './test-tools';
export { processesWith } from './processes';
export { generateSearchTree, SEARCH_NEEDLE, type SearchTreeOptions } from './search-tree';
