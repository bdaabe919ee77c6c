import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { bwrapForTests } from '@agent/tools/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const describeSandbox = bwrapForTests() ? describe : describe.skip;

/** What the model was told of its first tool call, from the request after it. */
function toldOf(provider: ScriptedProvider, request = 1): string {
  const messages = provider.requests[request]?.messages ?? [];
  for (const message of messages) {
    if (message.role === 'assistant' && message.toolCalls[0]) {
      return message.toolCalls[0].output ?? '';
    }
  }
  return '';
}

describeSandbox(
  'the REPL runs the model’s commands sandboxed (real bubblewrap, blessed screen)',
  () => {
    let outside: string;
    beforeEach(() => {
      // Outside the workspace and outside /tmp (the sandbox's /tmp is a private one).
      outside = mkdtempSync('/var/tmp/repl-sandbox-');
    });
    afterEach(() => rmSync(outside, { recursive: true, force: true }));

    it('a blocked command offers "run outside once" on a card; yes runs it unsandboxed once', async () => {
      const target = path.join(outside, 'escaped.txt');
      const command = `echo out > ${target}`;
      const provider = new ScriptedProvider(
        [reply('Writing.', call('c1', 'run_shell', { command })), reply('Written.')],
        AS_OPENAI_CHAT,
      );
      const repl = await new Harness(100, 30).start(provider);
      try {
        // The status line names the mode until the first command probes bubblewrap.
        await repl.waitForText('sandbox auto');
        await repl.type('write it');
        repl.send(ENTER);
        await repl.waitForText('Allow running?');
        repl.send(ENTER);
        const card = await repl.waitForText('Blocked by the sandbox. Run once outside it?');
        expect(card).toContain(`Why: the sandbox blocked writing ${target}`);
        expect(card).toContain('Yes, run it again once outside the sandbox, with your rights');
        expect(card).toContain('No, keep the sandboxed result');
        expect(card).not.toMatch(/Always allow/);
        expect(existsSync(target)).toBe(false);
        repl.send(ENTER);
        await repl.waitForText('Written.');
        expect(readFileSync(target, 'utf8')).toBe('out\n');
        expect(toldOf(provider)).toMatch(
          /^\[The sandboxed run failed: the sandbox blocked writing .*The person approved running it once outside the sandbox; this is that run's output\.\]/,
        );
      } finally {
        await repl.stop();
        repl.cleanup();
      }
    });

    it('"no" keeps the sandboxed result; /sandbox off turns it off for the session; ! commands run as the person', async () => {
      const target = path.join(outside, 'second.txt');
      const command = `echo out > ${target}`;
      const provider = new ScriptedProvider(
        [
          reply('Writing.', call('c1', 'run_shell', { command })),
          reply('It was blocked.'),
          reply('Again.', call('c2', 'run_shell', { command })),
          reply('Done now.'),
        ],
        AS_OPENAI_CHAT,
      );
      const repl = await new Harness(100, 30).start(provider);
      try {
        await repl.type(`!echo bang > ${outside}/bang.txt`);
        repl.send(ENTER);
        await repl.waitFor(
          () => existsSync(path.join(outside, 'bang.txt')),
          'the ! command wrote outside',
        );
        await repl.type('write it');
        repl.send(ENTER);
        await repl.waitForText('Allow running?');
        repl.send(ENTER);
        await repl.waitForText('Run once outside it?');
        repl.send('n');
        await repl.type(' use the workspace');
        repl.send(ENTER);
        await repl.waitForText('It was blocked.');
        expect(existsSync(target)).toBe(false);
        expect(toldOf(provider)).toContain(
          'The person declined to run it outside the sandbox. Their reason: use the workspace',
        );

        await repl.type('/sandbox');
        repl.send(ENTER);
        await repl.waitForText('Sandbox auto: commands run in bubblewrap');
        await repl.type('/sandbox off');
        repl.send(ENTER);
        await repl.waitForText(
          'For this session: Sandbox off: commands run with your full rights.',
        );
        await repl.waitForText('sandbox off');
        await repl.type('again');
        repl.send(ENTER);
        await repl.waitForText('Allow running?');
        repl.send(ENTER);
        await repl.waitForText('Done now.');
        expect(readFileSync(target, 'utf8')).toBe('out\n');
      } finally {
        await repl.stop();
        repl.cleanup();
      }
    });
  },
);
