import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathWithout, REQUIRE_TOOLS_ENV } from './test-tools';

// The README's test command must pass on a fresh machine without bubblewrap or ripgrep: the
// suites that need them are skipped, each saying so in one line; CI sets AGENT_TEST_REQUIRE_TOOLS=1
// so that there a missing tool fails instead. Runs jest itself on two such suites.

const packageRoot = path.resolve(__dirname, '../..');
const suites = ['src/workspace/sandbox/sandbox.test.ts', 'src/workspace/search-engines.test.ts'];
let scratch: string;
let bin: string;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-no-tools-'));
  bin = pathWithout(scratch, ['bwrap', 'rg']);
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function jest(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      // --forceExit: whether those suites leave handles open is not what this test checks.
      [require.resolve('jest/bin/jest'), '--ci', '--runInBand', '--forceExit', ...suites],
      {
        cwd: packageRoot,
        env: { ...process.env, [REQUIRE_TOOLS_ENV]: '', ...env, PATH: bin },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('suites that need a missing tool', () => {
  it('are skipped with one line each naming the tool and how to install it', async () => {
    const { code, output } = await jest({});
    expect(output).toMatch(/Tests: .*skipped/);
    expect(code).toBe(0);
    const skips = output.split('\n').filter((line) => line.startsWith('skipped: '));
    expect(skips).toHaveLength(2);
    expect(skips).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^skipped: src\/workspace\/sandbox\/sandbox\.test\.ts needs bubblewrap \(bwrap\), .*install it with: apt-get install bubblewrap$/,
        ),
        expect.stringMatching(
          /^skipped: src\/workspace\/search-engines\.test\.ts needs ripgrep \(rg\), .*install it with: apt-get install ripgrep$/,
        ),
      ]),
    );
  }, 120_000);

  it(`fail instead under ${REQUIRE_TOOLS_ENV}=1, as in CI`, async () => {
    const { code, output } = await jest({ [REQUIRE_TOOLS_ENV]: '1' });
    expect(code).not.toBe(0);
    expect(output).toContain('These tests need bubblewrap (bwrap) (apt-get install bubblewrap)');
    expect(output).toContain('These tests need ripgrep (rg) (apt-get install ripgrep)');
    expect(output).not.toMatch(/^skipped: /m);
  }, 120_000);
});
