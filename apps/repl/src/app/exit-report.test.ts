import { Transcript } from '../view/transcript';
import { exitReport, launcherOf, printableRow, resumeCommand } from './exit-report';

describe('the exit report', () => {
  it('prints rows in basic colours and never a control character from a span', () => {
    expect(printableRow([{ text: 'ok', style: 'ok' }, { text: ' plain' }], true)).toBe(
      '\x1b[32mok\x1b[0m plain',
    );
    expect(printableRow([{ text: 'a\x1b[31mb\x07c   ' }], false)).toBe('a[31mbc');
  });

  it('ends with the session id and the exact command that resumes it', () => {
    expect(resumeCommand('2026-12-01T00-00-00-ab12', '/w', '/w')).toBe(
      'agent --resume 2026-12-01T00-00-00-ab12',
    );
    expect(resumeCommand('id', "/home/me/my project's", '/home/me')).toBe(
      "agent --resume id --cwd '/home/me/my project'\\''s'",
    );
    // Started by `pnpm -s --filter repl start` in a checkout, where no `agent` command exists.
    const checkout = launcherOf(true, '/src/agent/apps/repl', '/src/agent/apps/cli/dist/agent.js');
    expect(resumeCommand('id', '/src/agent', '/src/agent', checkout)).toBe(
      'pnpm -s --filter repl start -- --resume id',
    );
    // ... with `pnpm -C` from the project: the same command works from there.
    expect(resumeCommand('id', '/p', '/p', checkout)).toBe(
      'pnpm -s -C /src/agent --filter repl start -- --resume id',
    );
    // `node path/to/agent.js`, where `agent` may not be on PATH; the installed command by its name.
    const node = launcherOf(false, '/p', '/opt/my agent/dist/agent.js');
    expect(resumeCommand('id', '/p', '/p', node)).toBe(
      "node '/opt/my agent/dist/agent.js' --resume id",
    );
    expect(resumeCommand('id', '/p', '/p', launcherOf(false, '/p', '/usr/bin/agent'))).toBe(
      'agent --resume id',
    );
    const transcript = new Transcript();
    transcript.add({ kind: 'user', text: 'hello 日本語' });
    transcript.add({ kind: 'assistant', text: 'Hi \x1b]0;title\x07there', streaming: false });
    const report = exitReport({
      transcript,
      width: 40,
      color: false,
      sessionId: 'abc',
      workspace: '/w',
      runFrom: '/w',
    });
    expect(report).toBe(
      '\n› hello 日本語\nHi there\n\nSession abc saved. Resume it with:\n  agent --resume abc\n',
    );
    expect(
      exitReport({
        transcript: new Transcript(),
        width: 40,
        color: false,
        sessionId: undefined,
        workspace: '/w',
        runFrom: '/w',
      }),
    ).toBe('\nNothing was sent, so no session was saved.\n');
  });
});
