import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { bwrapForTests } from '@agent/tools/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';

type Turns = ConstructorParameters<typeof ScriptedProvider>[0];

describe('REPL on a blessed screen', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  /**
   * Starts the REPL (80x24 unless `size` says) on a provider scripted with `turns`, the sandbox
   * off unless `sandbox` says: no notice above the transcript where bubblewrap is missing.
   */
  async function start(
    turns: Turns,
    size: [number, number] = [80, 24],
    sandbox: 'auto' | 'off' = 'off',
  ): Promise<ScriptedProvider> {
    const provider = new ScriptedProvider(turns, AS_OPENAI_CHAT);
    h = await new Harness(...size).start(provider, { sandbox });
    return provider;
  }

  /** Types `text` at the prompt and presses Enter. */
  async function submit(text: string): Promise<void> {
    await h.type(text);
    h.send(ENTER);
  }

  /**
   * On an 80x50 screen, the model runs `command`, the person allows it, the model answers
   * `answer`: the screen then, its rows, and the row of the command.
   */
  async function allowedCommand(command: string, answer: string) {
    const provider = await start(
      [reply('', call('c1', 'run_shell', { command })), reply(answer)],
      [80, 50],
      // Sandboxed where bubblewrap works; elsewhere the notice that it is missing would sit in
      // the rows these tests read, so they run unsandboxed there.
      bwrapForTests() ? 'auto' : 'off',
    );
    await submit('count');
    await h.waitForText('Allow running?');
    h.send(ENTER);
    const folded = await h.waitForText(answer);
    const rows = folded.split('\n');
    return { provider, folded, rows, row: rows.findIndex((line) => line.includes(`$ ${command}`)) };
  }

  it('shows the prompt and status line, sends a prompt and streams the answer', async () => {
    const provider = await start([
      [
        { type: 'text_delta', text: '## Plan\n- read the ' },
        { type: 'text_delta', text: 'code\n' },
        { type: 'usage', usage: { inputTokens: 5200, outputTokens: 30 } },
        { type: 'end', stopReason: 'stop' },
      ],
    ]);
    // The first paint of the file also waits for the agent's modules to load (slow on a busy machine).
    const first = await h.waitForText('openai-chat/scripted-model', 15_000);
    expect(first).toContain('/ for commands');
    await submit('hello there');
    const screen = await h.waitForText('• read the code');
    expect(screen).toContain('› hello there');
    expect(screen).toContain('Plan');
    expect(screen).not.toContain('## Plan');
    expect(provider.requests[0]!.messages).toEqual([{ role: 'user', text: 'hello there' }]);
    await h.waitForText('ctx 5.2k');
  });

  it('paints at most about once per frame however fast the stream is', async () => {
    const deltas = Array.from({ length: 2000 }, (_, i) => ({
      type: 'text_delta' as const,
      text: i % 40 === 39 ? 'w\n' : 'w ',
    }));
    await start([[...deltas, { type: 'end', stopReason: 'stop' }]]);
    await h.waitForText('· ready');
    const before = h.repl.screen.scheduler.paints;
    const started = Date.now();
    await submit('go');
    await h.waitFor((s) => s.includes('· ready') && s.includes('w w'), 'the whole stream');
    const paints = h.repl.screen.scheduler.paints - before;
    const frames = (Date.now() - started) / 16;
    expect(paints).toBeLessThan(frames + 10);
    expect(paints).toBeLessThan(deltas.length / 4);
  });

  it('asks before an edit: nothing is written until Enter approves, then the answer shows', async () => {
    await start([
      reply('Writing it.', call('call_1', 'write_file', { path: 'notes.txt', content: 'hi\n' })),
      reply('Done: notes.txt written.'),
    ]);
    await submit('write notes');
    const card = await h.waitForText('Yes, allow once');
    expect(card).toContain('write notes.txt');
    expect(card).toMatch(/ 1 \+ hi/);
    expect(existsSync(path.join(h.workspace, 'notes.txt'))).toBe(false);
    await h.type('/');
    expect(await h.screen()).not.toContain('/compact');
    h.send(ENTER);
    await h.waitForText('Done: notes.txt written.');
    expect(readFileSync(path.join(h.workspace, 'notes.txt'), 'utf8')).toBe('hi\n');
    const screen = await h.screen();
    expect(screen).toMatch(/✓ Allowed · Ran write notes\.txt/);
  });

  it('sends a typed denial reason back to the model and leaves the file alone', async () => {
    const provider = await start([
      reply('', call('call_1', 'write_file', { path: 'a.txt', content: 'x' })),
      reply('Understood.'),
    ]);
    await submit('go');
    await h.waitForText('Yes, allow once');
    await h.type('n');
    // Space after the "n" starts the reason (right after it, a letter would make a word).
    await submit(' use b.txt');
    await h.waitForText('Understood.');
    expect(existsSync(path.join(h.workspace, 'a.txt'))).toBe(false);
    const second = JSON.stringify(provider.requests[1]!.messages);
    expect(second).toContain('use b.txt');
  });

  it('Ctrl+C on an open card interrupts the turn and the edit never happens', async () => {
    const provider = await start([
      reply('', call('call_1', 'write_file', { path: 'b.txt', content: 'x' })),
    ]);
    await submit('go');
    await h.waitForText('Yes, allow once');
    h.send('\x03');
    const screen = await h.waitForText('■ Interrupted write b.txt');
    expect(screen).not.toContain('Yes, allow once');
    await h.waitForText('■ Interrupted.');
    expect(existsSync(path.join(h.workspace, 'b.txt'))).toBe(false);
    expect(provider.requests).toHaveLength(1);
    await h.type('typing works again');
    await h.waitForText('› typing works again');
  });

  it('shows hostile model text literally: no colours, no cursor moves, no tags', async () => {
    const hostile =
      'safe {red-fg}RED{/red-fg} \x1b[31mX\x1b[0m \x1b[2J\x1b[1;1Hmoved \x1b]0;title\x07the-end';
    await start([reply(hostile)]);
    await submit('hi');
    const screen = await h.waitForText('the-end');
    expect(screen).toContain('safe {red-fg}RED{/red-fg} X moved the-end');
    const buffer = h.term.buffer.active;
    const row = screen.split('\n').findIndex((l) => l.includes('safe {red-fg}'));
    const line = buffer.getLine(buffer.viewportY + row)!;
    const col = line.translateToString(true).indexOf('RED');
    expect(line.getCell(col)!.isFgDefault()).toBe(true);
    expect(screen.split('\n')[0]).toContain('agent ·');
  });

  it('never submits a bracketed paste, even with newlines in it', async () => {
    const provider = await start([reply('got it')]);
    h.send('\x1b[200~first line\rsecond line\n\x1b[201~');
    await h.waitForText('second line');
    expect(provider.requests).toHaveLength(0);
    h.send(ENTER);
    await h.waitForText('got it');
    expect(provider.requests[0]!.messages).toEqual([
      { role: 'user', text: 'first line\nsecond line\n' },
    ]);
  });

  it('queues prompts sent with Tab while a turn streams and sends them in order', async () => {
    const provider = new ScriptedProvider(
      [reply('one'), reply('one more'), reply('two'), reply('three')],
      AS_OPENAI_CHAT,
    );
    provider.hold();
    h = await new Harness().start(provider);
    await submit('first');
    await h.waitForText('working');
    await h.type('second');
    h.send('\t');
    await h.type('third');
    h.send('\t');
    const queued = await h.waitForText('queued: third');
    expect(queued).toContain('queued: second');
    // Enter sends into the running turn; one with no further step gives it back: it goes first.
    await submit('meanwhile');
    await h.waitForText('into this turn: meanwhile');
    provider.release();
    await h.waitForText('three');
    expect(provider.requests.map((r) => r.messages.at(-1))).toEqual([
      { role: 'user', text: 'first' },
      { role: 'user', text: 'meanwhile' },
      { role: 'user', text: 'second' },
      { role: 'user', text: 'third' },
    ]);
  });

  it('interrupts at once on Ctrl+C and quits on a second Ctrl+C, saving the session', async () => {
    const provider = new ScriptedProvider(
      [
        [
          { type: 'text_delta', text: 'partial' },
          { type: 'end', stopReason: 'stop' },
        ],
      ],
      AS_OPENAI_CHAT,
    );
    provider.hold();
    h = await new Harness().start(provider);
    await submit('long task');
    await h.waitForText('partial');
    h.send('\x03');
    await h.waitForText('Interrupted');
    await h.waitForText('· ready');
    h.send('\x03');
    await h.waitForText('Ctrl+C again');
    h.send('\x03');
    await expect(h.repl.exited).resolves.toBe(0);
    const files = readdirSync(path.join(h.home, 'sessions'));
    expect(files).toHaveLength(1);
    const log = readFileSync(path.join(h.home, 'sessions', files[0]!), 'utf8');
    expect(log).toContain('long task');
    expect(log).toContain('partial');
  });

  it('shows a finished command as one row with its last lines under it, the rest behind Ctrl+O', async () => {
    const { provider, folded, rows, row } = await allowedCommand('seq 1 30', 'Counted.');
    expect(rows[row]).toMatch(/^✓ Allowed · \$ seq 1 30 · exit 0 (?:· sandboxed )?· \d+\.\d s\s*$/);
    // Its last lines, under the count of the others: no second `$ seq`, no `[exit code 0]`.
    const under = rows.slice(row + 1, row + 6).map((line) => line.trim());
    expect(under[0]).toMatch(/^… \+\d+ lines \(Ctrl\+O\)$/);
    expect(under.join('\n')).toContain('29\n30');
    expect(folded.match(/seq 1 30/g)).toHaveLength(1);
    expect(folded).not.toMatch(/^\s+25$/m);
    // The model got all of it, with its exit code.
    const result = JSON.stringify(provider.requests[1]!.messages);
    expect(result).toContain('29\\n30');
    expect(result).toContain('[exit code 0');
    h.send('\x0f');
    const open = await h.waitFor((s) => /^\s+25$/m.test(s), 'expanded output');
    expect(open).toMatch(/^\s+1$/m);
    expect(open).not.toContain('[exit code 0');
  });

  it('shows a failed command as one row with the last lines of its output under it', async () => {
    const { folded, rows, row } = await allowedCommand('seq 1 30; exit 2', 'It failed.');
    expect(rows[row]).toMatch(
      /^✗ Allowed · \$ seq 1 30; exit 2 · exit 2 (?:· sandboxed )?· \d+\.\d s\s*$/,
    );
    // The last lines under it (the sandbox's note, when it ran sandboxed, is the very last).
    const under = rows.slice(row + 1, row + 6).map((line) => line.trim());
    expect(under[0]).toMatch(/^… \+\d+ lines \(Ctrl\+O\)$/);
    expect(under.join('\n')).toContain('29\n30');
    expect(folded).not.toMatch(/^\s+25$/m);
    h.send('\x0f');
    const open = await h.waitFor((s) => /^\s+25$/m.test(s), 'expanded output');
    expect(open).not.toMatch(/\+\d+ lines/);
  });

  it('shows more of the / menu on a taller screen (a third of it)', async () => {
    const menuRows = (screen: string) =>
      screen.split('\n').filter((line) => /^[ ↑↓] \/[a-z]/.test(line)).length;
    for (const [height, rows] of [
      [36, 12],
      [16, 5],
    ] as const) {
      await start([], [80, height]);
      await h.type('/');
      const screen = await h.waitFor((text) => menuRows(text) > 0, 'the / menu');
      expect(menuRows(screen)).toBe(rows);
      await h.stop();
    }
  });

  it('lists commands on / and runs /help from the suggestions', async () => {
    // Tall enough for the whole help text, custom commands aside.
    await start([], [80, 56]);
    await h.type('/he');
    await h.waitForText('keys and commands');
    h.send(ENTER);
    const screen = await h.waitForText('/mcp [tools|trust|reconnect]');
    expect(screen).toMatch(/^ {2}Alt\+Enter or Ctrl\+J +newline/m);
  });
});
