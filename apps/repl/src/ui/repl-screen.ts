import type blessed from 'blessed';
import type { ReplApp } from '../app/repl-app';
import { FrameScheduler } from '../app/frame-scheduler';
import type { Key } from '../input/key';
import { toTags } from '../text/line';
import { bottomRows } from './bottom-panel';
import { filterTerminalInput, type TtyInput } from './terminal-input';

/** The terminal the screen draws on (a real TTY, or fake streams in tests). */
export interface TerminalStreams {
  input: TtyInput;
  output: NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };
  terminal?: string;
}

/**
 * The terminfo name blessed should use: $TERM, except where blessed cannot parse the entry
 * (tmux-256color, screen-*) or there is none; those get xterm-256color, which they emulate.
 */
export function terminalName(term: string | undefined): string {
  if (!term || term === 'dumb' || /^(tmux|screen)/.test(term)) return 'xterm-256color';
  return term;
}

/** The mounted REPL screen. `paint` requests a (batched) frame. */
export interface ReplScreen {
  screen: blessed.Widgets.Screen;
  scheduler: FrameScheduler;
  paint(): void;
  destroy(): void;
}

/**
 * Thin painters over blessed: one box for the visible transcript rows, one for the panel below
 * (queue, suggestions, prompt, status line). All state and layout come from the app.
 */
export function mountScreen(app: ReplApp, io: TerminalStreams): ReplScreen {
  // Only the two widgets used: loading all of blessed costs start-up time.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const Screen = require('blessed/lib/widgets/screen') as typeof blessed.screen;
  const Box = require('blessed/lib/widgets/box') as typeof blessed.box;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const filtered = filterTerminalInput(io.input, (text) => app.router.handlePaste(text));
  const screen = Screen({
    input: filtered.keys as unknown as NodeJS.ReadableStream,
    output: io.output as NodeJS.WritableStream,
    terminal: io.terminal ?? terminalName(process.env.TERM),
    smartCSR: true,
    fullUnicode: true,
    forceUnicode: true,
    warnings: false,
    ignoreLocked: ['C-c'],
    autoPadding: false,
  } as unknown as blessed.Widgets.IScreenOptions);
  const transcriptBox = Box({
    parent: screen,
    top: 0,
    left: 0,
    width: '100%',
    tags: true,
    wrap: false,
  });
  const panel = Box({ parent: screen, left: 0, width: '100%', tags: true, wrap: false });
  const program = screen.program;
  // Output UTF-8 as is: no DEC line-drawing (ACS) substitutions of box and bullet characters.
  (program as unknown as { tput: { brokenACS: boolean } }).tput.brokenACS = true;
  program.hideCursor();
  io.output.write('\x1b[?2004h');
  // Button events only (the wheel): no motion tracking flood.
  program.setMouse({ vt200Mouse: true, sgrMouse: true }, true);

  const paintNow = (): void => {
    const width = Math.max(10, screen.width as number);
    const height = Math.max(3, screen.height as number);
    const bottom = bottomRows(app, width);
    const transcriptHeight = Math.max(1, height - bottom.length);
    app.setViewport(width, transcriptHeight);
    const rows = app.view.render(width, transcriptHeight, app.frame);
    transcriptBox.height = transcriptHeight;
    transcriptBox.setContent(rows.map(toTags).join('\n'));
    panel.top = transcriptHeight;
    panel.height = height - transcriptHeight;
    panel.setContent(bottom.join('\n'));
    screen.render();
  };
  const scheduler = new FrameScheduler(paintNow);
  app.urgentPaint = () => scheduler.requestUrgent();

  program.on('keypress', (ch: string | undefined, key: Key | undefined) => {
    const k: Key = { ...(key ?? {}), ch: ch ?? key?.ch };
    app.router.handleKey(k);
  });
  program.on('mouse', (data: { action?: string }) => {
    if (data.action === 'wheelup' || data.action === 'wheeldown') {
      app.view.scroll(
        data.action === 'wheelup' ? -3 : 3,
        screen.width as number,
        transcriptBox.height as number,
        app.frame,
      );
      scheduler.requestUrgent();
    }
  });
  screen.on('resize', () => scheduler.request());

  let destroyed = false;
  return {
    screen,
    scheduler,
    paint: () => scheduler.request(),
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      scheduler.dispose();
      io.output.write('\x1b[?2004l');
      program.disableMouse();
      program.showCursor();
      screen.destroy();
      filtered.dispose();
    },
  };
}
