import { makeWorkspace, runApproved, type Fixture } from './__tests__/workspace-fixture';
import { editFileTool } from './edit-file';
import { fileDiff } from './file-diff';
import { writeFileTool } from './write-file';

// Issue 16 item 11: rewriting 10,000 changed lines took 22.5 s (a quadratic diff, computed for
// the preview and again on execute) and held the event loop, delaying SIGINT.

let ws: Fixture;
const LINES = 10_000;
const numbered = (prefix: string) =>
  Array.from({ length: LINES }, (_, i) => `${prefix} line ${i} ${(i * 7919) % 10007}`).join('\n') +
  '\n';

beforeEach(async () => {
  ws = await makeWorkspace({ 'big.txt': numbered('old') });
});

afterEach(() => ws.cleanup());

/** Runs `work`, reporting the longest time the event loop could not run a timer. */
async function withLag<T>(work: () => Promise<T>): Promise<{ value: T; maxLagMs: number }> {
  let maxLagMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    maxLagMs = Math.max(maxLagMs, now - last);
    last = now;
  }, 5);
  try {
    const value = await work();
    const now = performance.now();
    maxLagMs = Math.max(maxLagMs, now - last);
    return { value, maxLagMs };
  } finally {
    clearInterval(timer);
  }
}

describe('a write or edit that changes 10,000 lines', () => {
  it('write_file previews and writes in well under a second, summarising the change', async () => {
    const content = numbered('new');
    const started = performance.now();
    const { value, maxLagMs } = await withLag(() =>
      runApproved(writeFileTool(), { path: 'big.txt', content }, ws.ctx()),
    );
    const elapsed = performance.now() - started;
    expect(await ws.read('big.txt')).toBe(content);
    expect(value.result.output).toBe('Overwrote big.txt (10000 lines).');
    expect(value.preview).toBe(value.result.diff);
    expect(value.preview).toContain(
      '(too many changes to compare line by line: 10000 lines at lines 1-10000 replaced by 10000 lines)',
    );
    // Bounds with room for a loaded machine; before the fix a write took over 20 s.
    expect(elapsed).toBeLessThan(4000);
    expect(maxLagMs).toBeLessThan(1500);
  });

  it('edit_file with replace_all does the same, counting the changed region', async () => {
    const { value, maxLagMs } = await withLag(() =>
      runApproved(
        editFileTool(),
        { path: 'big.txt', old_string: 'old line', new_string: 'new line', replace_all: true },
        ws.ctx(),
      ),
    );
    expect(value.result.summary).toBe('edited big.txt (+10000 -10000)');
    expect(maxLagMs).toBeLessThan(1500);
  });
});

describe('fileDiff', () => {
  it('is an ordinary unified diff while the comparison is quick', () => {
    expect(fileDiff('a.txt', 'one\ntwo\nthree\n', 'one\nTWO\nthree\n')).toEqual({
      text: '--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n',
      added: 1,
      removed: 1,
    });
  });

  it('names the changed region when the comparison runs out of time', () => {
    const diff = fileDiff('a.txt', 'keep\nx\ny\nend\n', 'keep\n1\n2\n3\nend\n', {
      timeLimitMs: -1,
    });
    expect(diff).toEqual({
      text: '--- a/a.txt\n+++ b/a.txt\n(too many changes to compare line by line: 2 lines at lines 2-3 replaced by 3 lines)\n',
      added: 3,
      removed: 2,
    });
  });

  it('cuts a long diff at a line, saying how much is left', () => {
    const after = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const diff = fileDiff('n.txt', undefined, after, { maxChars: 55 });
    expect(diff.text).toBe(
      '--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1,100 @@\n+line 0\n… [diff truncated: 99 more lines]\n',
    );
    expect(diff.added).toBe(100);
  });
});
