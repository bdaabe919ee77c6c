import { execFileSync } from 'node:child_process';
import { stderrExcerpt } from './stderr-excerpt';

function crashOutput(script: string): string {
  try {
    execFileSync(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    return String((error as { stderr: Buffer }).stderr);
  }
  throw new Error('the script did not fail');
}

describe('stderrExcerpt', () => {
  it("keeps the line that explains a Node crash, not only the crash's tail", () => {
    const excerpt = stderrExcerpt(crashOutput("require('mcp-no-such-module')"));
    expect(excerpt).toContain("Error: Cannot find module 'mcp-no-such-module'");
    expect(excerpt).toMatch(/Node\.js v\d+/);
    expect(excerpt).not.toMatch(/^\s+at /m);
    expect(excerpt.split('\n').length).toBeLessThanOrEqual(9);
  });

  it('shows short output whole, and bounds long lines and long output', () => {
    expect(stderrExcerpt('\nstarting\n\nlistening on stdio\n')).toBe(
      'starting\nlistening on stdio',
    );
    const noisy = Array.from({ length: 500 }, (_, i) => `line ${i} ${'x'.repeat(1000)}`).join('\n');
    const excerpt = stderrExcerpt(noisy);
    expect(excerpt.length).toBeLessThan(3000);
    expect(excerpt).toContain('line 499');
    expect(excerpt.startsWith('…')).toBe(true);
  });
});
