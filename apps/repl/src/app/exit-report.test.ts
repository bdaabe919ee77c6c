import { Transcript } from '../view/transcript';
import { exitReport, printableRow, resumeCommand } from './exit-report';

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
    expect(resumeCommand('id', '/w', '/w', 'checkout')).toBe(
      'pnpm -s --filter repl start -- --resume id',
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
