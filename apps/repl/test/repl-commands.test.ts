import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';

describe('REPL sessions, commands and scrolling', () => {
  it('resumes the latest session of the workspace with --continue, replayed compactly', async () => {
    const first = await new Harness().start(
      new ScriptedProvider(
        [reply('Checking.', call('c1', 'list_files', { path: '.' })), reply('There is one file.')],
        AS_OPENAI_CHAT,
      ),
    );
    writeFileSync(path.join(first.workspace, 'only.txt'), 'x');
    await first.type('what is here?');
    first.send(ENTER);
    await first.waitForText('There is one file.');
    await first.stop({ keep: true });

    const provider = new ScriptedProvider([reply('Still one file.')], AS_OPENAI_CHAT);
    const second = await new Harness(80, 24, first).start(provider, { continue: true });
    try {
      const screen = await second.waitForText('Resumed session');
      expect(screen).toContain('› what is here?');
      expect(screen).toContain('There is one file.');
      expect(screen).toContain('✓ Ran list files in .');
      second.send('\x1b[A');
      await second.waitFor(
        (s) => s.split('\n').at(-2)!.startsWith('› what is here?'),
        'the earlier prompt recalled into the input',
      );
      second.send('\x15');
      await second.type('and now?');
      second.send(ENTER);
      await second.waitForText('Still one file.');
      const messages = provider.requests[0]!.messages;
      expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'user']);
      expect(messages[0]).toEqual({ role: 'user', text: 'what is here?' });
    } finally {
      await second.stop();
      first.cleanup();
    }
  });

  it('--tool-history off is saved in a new session; resuming keeps it unless a flag overrides', async () => {
    const first = await new Harness().start(new ScriptedProvider([reply('One.')], AS_OPENAI_CHAT), {
      toolHistory: 'off',
    });
    await first.type('one');
    first.send(ENTER);
    await first.waitForText('One.');
    await first.waitForText('· ready');
    const file = first.repl.core.sessionFile!;
    await first.stop({ keep: true });
    const settings = () =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; toolHistory?: string })
        .filter((event) => event.type === 'settings')
        .map((event) => event.toolHistory);
    expect(settings()).toEqual(['off']);

    const kept = await new Harness(80, 24, first).start(new ScriptedProvider([], AS_OPENAI_CHAT), {
      continue: true,
    });
    try {
      await kept.waitForText('Resumed session');
      expect(kept.repl.core.toolHistory).toBe('off');
    } finally {
      await kept.stop();
    }
    const overridden = await new Harness(80, 24, first).start(
      new ScriptedProvider([], AS_OPENAI_CHAT),
      {
        continue: true,
        toolHistory: 'full',
      },
    );
    try {
      await overridden.waitForText('Resumed session');
      expect(overridden.repl.core.toolHistory).toBe('full');
    } finally {
      await overridden.stop();
    }
    expect(settings()).toEqual(['off', 'full']);
    first.cleanup();
  });

  it('/new starts over, /sessions lists the saved one, /context and /tool-history answer', async () => {
    const provider = new ScriptedProvider(
      [reply('first answer'), reply('second answer')],
      AS_OPENAI_CHAT,
    );
    const h = await new Harness(100, 30).start(provider);
    try {
      await h.type('remember me');
      h.send(ENTER);
      await h.waitForText('first answer');
      await h.waitForText('· ready');
      const id = h.repl.core.sessionId!;
      await h.type('/resume');
      h.send(ENTER);
      await h.waitForText('No other saved session to resume: the only one is this session');
      await h.type('/new');
      h.send(ENTER);
      await h.waitForText('New session.');
      expect(await h.screen()).not.toContain('first answer');
      await h.type('/sessions');
      h.send(ENTER);
      const listed = await h.waitForText(id);
      expect(listed).toMatch(
        new RegExp(`${id} {2}\\d+s ago {2}remember me {2}· openai-chat/scripted-model · \\d+ B`),
      );
      await h.type('/context');
      h.send(ENTER);
      await h.waitForText('system prompt');
      await h.type('/tool-history off');
      h.send(ENTER);
      await h.waitForText('Tool history: off');
      expect(h.repl.core.toolHistory).toBe('off');
      await h.type('fresh');
      h.send(ENTER);
      await h.waitForText('second answer');
      expect(provider.requests[1]!.messages).toEqual([{ role: 'user', text: 'fresh' }]);
    } finally {
      await h.stop();
    }
  });

  it('/compact summarises the conversation through the model; /resume ID reopens a session', async () => {
    const provider = new ScriptedProvider(
      [
        reply('The answer is 42.'),
        reply('- the person asked for the answer; it is 42'),
        reply('Yes, 42.'),
      ],
      AS_OPENAI_CHAT,
    );
    const h = await new Harness(100, 30).start(provider);
    try {
      await h.type('what is the answer?');
      h.send(ENTER);
      await h.waitForText('The answer is 42.');
      await h.waitForText('· ready');
      await h.type('/compact');
      h.send(ENTER);
      await h.waitForText('into a summary');
      expect(provider.requests[1]!.system).toMatch(/summary/i);
      await h.type('still?');
      h.send(ENTER);
      await h.waitForText('Yes, 42.');
      const third = provider.requests[2]!.messages;
      expect(third[0]).toEqual({
        role: 'checkpoint',
        summary: '- the person asked for the answer; it is 42',
      });
      expect(third.at(-1)).toEqual({ role: 'user', text: 'still?' });
      await h.waitForText('· ready');
      const id = h.repl.core.sessionId!;
      await h.type('/new');
      h.send(ENTER);
      await h.waitForText('New session.');
      await h.type(`/resume ${id.slice(0, -2)}`);
      h.send(ENTER);
      const resumed = await h.waitForText(`Resumed session ${id}`);
      // The replay starts at the checkpoint, as the model's history does.
      expect(resumed).toContain('── 1 earlier turn compacted into a summary ──');
      expect(resumed).not.toContain('The answer is 42.');
      expect(resumed).toContain('Yes, 42.');
      await h.type('/model');
      h.send(ENTER);
      await h.waitForText('Model: openai-chat / scripted-model');
    } finally {
      await h.stop();
    }
  });

  it('compacts automatically before a prompt once the window is 80% full', async () => {
    const provider = new ScriptedProvider(
      [
        [
          { type: 'text_delta', text: 'Big answer.' },
          { type: 'usage', usage: { inputTokens: 110_000, outputTokens: 500 } },
          { type: 'end', stopReason: 'stop' },
        ],
        reply('- earlier: a big answer'),
        reply('Fresh answer.'),
      ],
      AS_OPENAI_CHAT,
    );
    const h = await new Harness().start(provider);
    try {
      await h.type('first');
      h.send(ENTER);
      await h.waitForText('Big answer.');
      await h.waitForText('(86%');
      await h.waitForText('· ready');
      await h.type('second');
      h.send(ENTER);
      await h.waitForText('Fresh answer.');
      expect(await h.screen()).toContain('Context 86% full: summarising the conversation first');
      expect(provider.requests[2]!.messages).toEqual([
        { role: 'checkpoint', summary: '- earlier: a big answer' },
        { role: 'user', text: 'second' },
      ]);
    } finally {
      await h.stop();
    }
  });

  it.each([
    [0.5, 0.55, true],
    [0.9, 0.86, false],
    [false, 0.99, false],
  ] as const)(
    'with autoCompact %p in config.json, a window %p full compacts first: %p',
    async (autoCompact, fill, compacts) => {
      const provider = new ScriptedProvider(
        [
          [
            { type: 'text_delta', text: 'Big answer.' },
            { type: 'usage', usage: { inputTokens: Math.round(128_000 * fill), outputTokens: 0 } },
            { type: 'end', stopReason: 'stop' },
          ],
          reply('- earlier: a big answer'),
          reply('Fresh answer.'),
        ],
        AS_OPENAI_CHAT,
      );
      const h = new Harness();
      writeFileSync(path.join(h.home, 'config.json'), JSON.stringify({ autoCompact }));
      await h.start(provider);
      try {
        await h.type('first');
        h.send(ENTER);
        await h.waitForText('Big answer.');
        await h.waitForText('· ready');
        await h.type('second');
        h.send(ENTER);
        await h.waitForText(compacts ? 'Fresh answer.' : '• earlier: a big answer');
        const last = provider.requests.at(-1)!.messages;
        expect(last[0]!.role).toBe(compacts ? 'checkpoint' : 'user');
        expect((await h.screen()).includes('summarising the conversation first')).toBe(compacts);
      } finally {
        await h.stop();
      }
    },
  );

  it('Ctrl+C interrupts a running /compact and leaves the conversation as it was', async () => {
    const provider = new ScriptedProvider([reply('Noted.'), reply('never used')], AS_OPENAI_CHAT);
    const h = await new Harness().start(provider);
    try {
      await h.type('note this');
      h.send(ENTER);
      await h.waitForText('Noted.');
      await h.waitForText('· ready');
      provider.hold();
      await h.type('/compact');
      h.send(ENTER);
      await h.waitForText('Compacting the conversation');
      h.send('\x03');
      await h.waitForText('Compaction interrupted');
      expect(h.repl.core.history.map((m) => m.role)).toEqual(['user', 'assistant']);
    } finally {
      await h.stop();
    }
  });

  it('a command sent during /compact waits for nothing: /init is refused, /context runs beside it', async () => {
    const provider = new ScriptedProvider(
      [reply('Noted.'), reply('- earlier: noted'), reply('never used')],
      AS_OPENAI_CHAT,
    );
    const h = await new Harness().start(provider);
    try {
      await h.type('note this');
      h.send(ENTER);
      await h.waitForText('Noted.');
      await h.waitForText('· ready');
      provider.hold();
      await h.type('/compact');
      h.send(ENTER);
      await h.waitForText('Compacting the conversation');
      await h.type('/init');
      h.send(ENTER);
      await h.waitForText('/init does not run while /compact is running');
      await h.type('/context');
      h.send(ENTER);
      await h.waitForText('tool history full');
      expect(await h.screen()).toContain('running command');
      provider.release();
      await h.waitForText('Compacted 2 messages');
      await h.waitForText('· ready');
      // Nothing but the note and the compaction reached the model: /init sent no prompt.
      expect(provider.requests).toHaveLength(2);
      expect(h.repl.core.history.map((m) => m.role)).toContain('checkpoint');
    } finally {
      await h.stop();
    }
  });

  it('Esc interrupts a running command at once; the model gets its output, paired', async () => {
    // echo and sleep are known read-only commands: they run without a card (issue 23).
    const provider = new ScriptedProvider(
      [
        reply('', call('c1', 'run_shell', { command: 'echo $((6 * 7))-begun; sleep 40' })),
        reply('ok'),
      ],
      AS_OPENAI_CHAT,
    );
    const h = await new Harness().start(provider);
    try {
      await h.type('wait a while');
      h.send(ENTER);
      await h.waitForText('42-begun');
      expect(await h.screen()).not.toContain('Allow running?');
      const pressed = Date.now();
      h.send('\x1b');
      await h.waitForText('Interrupted.');
      await h.waitForText('· ready');
      expect(Date.now() - pressed).toBeLessThan(1000);
      await h.type('go on');
      h.send(ENTER);
      // The reply's own row: 'ok' may stand in the workspace's random name.
      await h.waitFor((s) => s.split('\n').includes('ok'), 'the reply');
      const interrupted = provider.requests[1]!.messages.flatMap((m) =>
        m.role === 'assistant' ? m.toolCalls : [],
      )[0]!;
      expect(interrupted).toMatchObject({ id: 'c1', status: 'interrupted' });
      expect(interrupted.output).toContain('42-begun');
    } finally {
      await h.stop();
    }
  });

  it('an interrupt returns queued prompts to the input instead of sending them', async () => {
    const provider = new ScriptedProvider([reply('first answer'), reply('never')], AS_OPENAI_CHAT);
    provider.hold();
    const h = await new Harness().start(provider);
    try {
      await h.type('first');
      h.send(ENTER);
      await h.waitForText('working');
      await h.waitFor(() => provider.requests.length === 1, 'the first request');
      await h.type('queued one');
      h.send(ENTER);
      await h.type('queued two');
      h.send(ENTER);
      h.send('\x03');
      await h.waitForText('Interrupted.');
      // The queue rows show the same words before the interrupt returns them: wait for the input.
      await h.waitFor(
        () => h.repl.app.router.input.text !== '',
        'the queued prompts back in the input',
      );
      // Both, in order, as typed: nothing is left queued, nothing sent by itself.
      expect(h.repl.app.router.input.text).toBe('queued one\n\nqueued two');
      expect(h.repl.app.queue).toEqual([]);
      expect(provider.requests).toHaveLength(1);
    } finally {
      await h.stop();
    }
  });
});
