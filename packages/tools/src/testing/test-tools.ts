import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Set to 1 (as `.ci/run` does) to make a missing tool fail the tests that need it instead of
 * skipping them, so CI can never pass by skipping.
 */
export const REQUIRE_TOOLS_ENV = 'AGENT_TEST_REQUIRE_TOOLS';

/** A program some tests need that a fresh machine may not have. */
export interface TestTool {
  /** How people know it, e.g. `bubblewrap (bwrap)`. */
  name: string;
  /** How to install it, e.g. `apt-get install bubblewrap`. */
  install: string;
  /** Runs the program once; throws when it is missing or does not work. */
  check(): void;
}

/** The test file asking, for the skip line: jest's own record of it where there is one. */
function askingSuite(): string {
  const state = (
    globalThis as { expect?: { getState?: () => { testPath?: string } } }
  ).expect?.getState?.();
  return state?.testPath ? path.relative(process.cwd(), state.testPath) : 'these tests';
}

/**
 * Whether the tests that need `tool` run: true where it works. Where it does not, they are
 * skipped with one line on stderr saying what was skipped and how to install the tool, unless
 * AGENT_TEST_REQUIRE_TOOLS=1, where the test file fails loudly instead.
 */
export function toolForTests(tool: TestTool): boolean {
  const known = checked.get(tool.name);
  if (known !== undefined) return known;
  const works = checkTool(tool);
  checked.set(tool.name, works);
  return works;
}

/** Asked once per test file (jest gives each file its own modules), so it says so once. */
const checked = new Map<string, boolean>();

function checkTool(tool: TestTool): boolean {
  try {
    tool.check();
    return true;
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    if (process.env[REQUIRE_TOOLS_ENV] === '1') {
      throw new Error(
        `These tests need ${tool.name} (${tool.install}), and it does not work here: ${reason}. ${REQUIRE_TOOLS_ENV}=1 makes a missing tool a failure.`,
        { cause: error },
      );
    }
    process.stderr.write(
      `skipped: ${askingSuite()} needs ${tool.name}, which does not work here (${reason}); install it with: ${tool.install}\n`,
    );
    return false;
  }
}

/** Runs `file args` with a bound, throwing when it cannot start or fails. */
export function runsCleanly(file: string, args: string[]): void {
  execFileSync(file, args, { stdio: 'pipe', timeout: 10_000 });
}

/**
 * A PATH holding every program of this one but `missing` (links in a new folder under `root`):
 * a machine where those tools are not installed.
 */
export function pathWithout(root: string, missing: readonly string[]): string {
  const bin = path.join(root, `bin-without-${missing.join('-')}`);
  fs.mkdirSync(bin, { recursive: true });
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      // lstat, not exists: a link already made there may point at a loop (an X11 -> . link).
      const made = fs.lstatSync(path.join(bin, name), { throwIfNoEntry: false });
      if (missing.includes(name) || made) continue;
      fs.symlinkSync(path.join(dir, name), path.join(bin, name));
    }
  }
  return bin;
}
