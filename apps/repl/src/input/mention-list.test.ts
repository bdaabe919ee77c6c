import { INDEX_MAX_AGE_MS, MentionIndex } from './mention-index';
import { MentionList } from './mention-list';

/** A lister whose listings the test hands out, one per call. */
function heldLister() {
  const calls: Array<{ resolve: (paths: string[]) => void; reject: (error: Error) => void }> = [];
  const lister = () =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { lister, calls };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the live @ list', () => {
  it('says it is indexing until the first listing is in, without waiting for it', async () => {
    const { lister, calls } = heldLister();
    let changes = 0;
    const list = new MentionList();
    list.index = new MentionIndex(lister, () => changes++);
    list.update('see @ma', 7);
    expect(list.visible).toBe(true);
    expect(list.note).toBe('indexing');
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(['src/main.ts', 'docs/manual.md', 'src/mail.ts', 'README.md']);
    await settled();
    expect(changes).toBe(1);
    list.update('see @ma', 7);
    expect(list.note).toBeUndefined();
    expect(list.items).toEqual(['src/mail.ts', 'src/main.ts', 'docs/manual.md']);
  });

  it('moves with Up/Down (wrapping), picks with Tab, closes with Esc for that text', async () => {
    const { lister, calls } = heldLister();
    const list = new MentionList();
    list.index = new MentionIndex(lister, () => undefined);
    list.update('@', 1);
    calls[0]!.resolve(['a.ts', 'b.ts', 'c.ts']);
    await settled();
    list.update('see @b now', 6);
    expect(list.items).toEqual(['b.ts']);
    list.update('see @', 5);
    expect(list.items).toEqual(['a.ts', 'b.ts', 'c.ts']);
    expect(list.handleKey({ name: 'up' }, 'see @', 5)).toEqual({ type: 'moved' });
    expect(list.selected).toBe(2);
    list.handleKey({ name: 'down' }, 'see @', 5);
    list.handleKey({ name: 'down' }, 'see @', 5);
    expect(list.handleKey({ name: 'tab' }, 'see @', 5)).toEqual({
      type: 'pick',
      text: 'see @b.ts ',
      cursor: 10,
    });
    expect(list.visible).toBe(false);
    list.update('see @', 5);
    list.handleKey({ name: 'escape' }, 'see @', 5);
    list.update('see @', 5);
    expect(list.visible).toBe(false);
    list.update('see @c', 6);
    expect(list.items).toEqual(['c.ts']);
  });

  it('takes the highlighted path on Enter, unless the word already is that path', async () => {
    const { lister, calls } = heldLister();
    const list = new MentionList();
    list.index = new MentionIndex(lister, () => undefined);
    list.update('@', 1);
    calls[0]!.resolve(['src/math.js', 'test/math.test.js']);
    await settled();
    list.update('explain @mat', 12);
    expect(
      list.handleKey({ name: 'enter', full: 'enter', shift: true }, 'explain @mat', 12),
    ).toEqual({ type: 'none' });
    list.handleKey({ name: 'down' }, 'explain @mat', 12);
    expect(list.handleKey({ name: 'enter', full: 'enter' }, 'explain @mat', 12)).toEqual({
      type: 'pick',
      text: 'explain @test/math.test.js ',
      cursor: 27,
    });
    expect(list.visible).toBe(false);
    list.update('see @src/math.js', 16);
    expect(list.items[list.selected]).toBe('src/math.js');
    expect(list.handleKey({ name: 'enter', full: 'enter' }, 'see @src/math.js', 16)).toEqual({
      type: 'none',
    });
    list.update('see @zzz', 8);
    expect(list.note).toBe('no-match');
    expect(list.handleKey({ name: 'enter', full: 'enter' }, 'see @zzz', 8)).toEqual({
      type: 'none',
    });
  });

  it('says when nothing matches, and hides once the cursor leaves the @word', async () => {
    const { lister, calls } = heldLister();
    const list = new MentionList();
    list.index = new MentionIndex(lister, () => undefined);
    list.update('@zz', 3);
    calls[0]!.resolve(['a.ts']);
    await settled();
    list.update('@zz', 3);
    expect(list.note).toBe('no-match');
    list.update('@zz ', 4);
    expect(list.visible).toBe(false);
  });

  it('lists again in the background once stale, keeping the old paths meanwhile', async () => {
    const { lister, calls } = heldLister();
    let now = 0;
    const index = new MentionIndex(
      lister,
      () => undefined,
      () => now,
    );
    index.refresh();
    calls[0]!.resolve(['old.ts']);
    await settled();
    index.refresh();
    expect(calls).toHaveLength(1);
    now += INDEX_MAX_AGE_MS + 1;
    index.refresh();
    expect(calls).toHaveLength(2);
    expect(index.state).toBe('ready');
    expect(index.paths).toEqual(['old.ts']);
    calls[1]!.reject(new Error('EACCES'));
    await settled();
    expect(index.state).toBe('ready');
    expect(index.paths).toEqual(['old.ts']);
  });

  it('says why when the workspace cannot be listed at all', async () => {
    const { lister, calls } = heldLister();
    const list = new MentionList();
    list.index = new MentionIndex(lister, () => undefined);
    list.update('@a', 2);
    calls[0]!.reject(new Error('EACCES: permission denied'));
    await settled();
    list.update('@a', 2);
    expect(list.note).toBe('failed');
    expect(list.index.error).toContain('EACCES');
  });

  it('disposing aborts the running listing and settles only once it has ended', async () => {
    const { lister, calls } = heldLister();
    const signals: AbortSignal[] = [];
    let changes = 0;
    const index = new MentionIndex(
      (signal) => {
        signals.push(signal);
        return lister();
      },
      () => changes++,
    );
    index.refresh();
    let disposed = false;
    const stopping = index.dispose().then(() => (disposed = true));
    expect(signals[0]!.aborted).toBe(true);
    await settled();
    expect(disposed).toBe(false);
    calls[0]!.reject(new Error('aborted'));
    await stopping;
    expect(changes).toBe(0);
    index.refresh();
    expect(calls).toHaveLength(1);
  });
});
