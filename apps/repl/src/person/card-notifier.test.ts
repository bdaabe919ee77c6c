import type { AnyPersonRequest } from '@agent/tools';
import { terminalAlert, tmuxPassthrough } from './card-alert';
import { CardNotifier, type NotifierDeps } from './card-notifier';
import { runNotifyCommand } from './notify-command';

function approval(signal = new AbortController().signal): AnyPersonRequest {
  return {
    id: 'approval-1',
    kind: 'approval',
    signal,
    payload: {
      toolCallId: 'call_1',
      toolName: 'run_shell',
      permission: 'exec',
      title: 'run: make\x1b]0;pwned\x07; ls',
      input: { command: 'make' },
    },
  };
}

/** A notifier whose terminal writes and reports arrive as promises. */
function notifier(settings: NotifierDeps['settings']) {
  const written: string[] = [];
  const reports: string[] = [];
  let wake: () => void = () => undefined;
  const next = () => new Promise<void>((resolve) => (wake = resolve));
  const deps: NotifierDeps = {
    settings,
    inTmux: false,
    writeTerminal: (data) => {
      written.push(data);
      wake();
    },
    where: () => ({ session: 's1', workspace: process.cwd() }),
    report: (message) => {
      reports.push(message);
      wake();
    },
  };
  return { notifier: new CardNotifier(deps), written, reports, next };
}

describe('CardNotifier', () => {
  it('announces an approval card too, its model text made safe inside the OSC strings', async () => {
    const { notifier: n, written, next } = notifier({ afterSeconds: 0.05 });
    const arrived = next();
    const stop = n.watch(approval());
    await arrived;
    stop();
    expect(written).toEqual([
      '\x07\x1b]9;The agent waits for approval: run: make ]0 pwned  ls\x07' +
        '\x1b]777;notify;agent;The agent waits for approval: run: make ]0 pwned  ls\x07',
    ]);
  });

  it('reports a failing notify.command without throwing', async () => {
    const {
      notifier: n,
      reports,
      next,
    } = notifier({
      afterSeconds: 0.05,
      command: 'echo broken >&2; exit 3',
    });
    let reported = next();
    const stop = n.watch(approval());
    await reported; // the bell
    reported = next();
    await reported; // the report
    stop();
    expect(reports).toEqual(['notify.command failed: exited with status 3: broken']);
  });

  it('an answered card is never announced; notify: false announces nothing', () => {
    const quiet = notifier({ afterSeconds: 1000 });
    quiet.notifier.watch(approval())();
    const off = notifier(false);
    off.notifier.watch(approval())();
    expect([...quiet.written, ...off.written]).toEqual([]);
  });
});

describe('runNotifyCommand', () => {
  it('gives the program the JSON on stdin, argv form; a missing program is a message', async () => {
    const signal = new AbortController().signal;
    const echo = [
      'node',
      '-e',
      'process.stdin.on("data", d => process.exit(d.toString() === "{}\\n" ? 0 : 9))',
    ];
    expect(await runNotifyCommand(echo, '{}\n', { cwd: process.cwd(), signal })).toBeUndefined();
    expect(
      await runNotifyCommand(['/nonexistent/notify'], '{}', { cwd: process.cwd(), signal }),
    ).toMatch(/ENOENT/);
  });

  it('stops a program that runs past its time or whose card was answered', async () => {
    const controller = new AbortController();
    const slow = runNotifyCommand(['sleep', '30'], '', {
      cwd: process.cwd(),
      signal: new AbortController().signal,
      timeoutMs: 50,
    });
    expect(await slow).toBe('timed out after 50 ms');
    const aborted = runNotifyCommand(['sleep', '30'], '', {
      cwd: process.cwd(),
      signal: controller.signal,
    });
    controller.abort();
    expect(await aborted).toMatch(/interrupted/i);
  });
});

test('tmux passthrough doubles every ESC inside', () => {
  expect(tmuxPassthrough('\x1b]9;x\x07')).toBe('\x1bPtmux;\x1b\x1b]9;x\x07\x1b\\');
  expect(terminalAlert({ kind: 'url', title: 'a;b', workspace: '/' }, true)).toContain(
    '\x1b\x1b]777;notify;agent;a b\x07',
  );
});
