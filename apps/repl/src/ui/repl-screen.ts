import type blessed from 'blessed';
import type { ReplApp } from '../app/repl-app';
import { FrameScheduler } from '../app/frame-scheduler';
import type { Key } from '../input/key';
import { bottomRows } from './bottom-panel';
import { paintRows, type CellRows } from './cell-painter';
import { filterTerminalInput, type TtyInput } from './terminal-input';
import { WidthProbe } from './width-probe';
import { setTerminalWidths, widthGeneration } from '../text/width';
import { ALTERNATE_SCROLL_OFF, ALTERNATE_SCROLL_ON } from '../input/wheel';

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
 * A thin painter over blessed: the visible transcript rows and the panel below them (queue,
 * suggestions, prompt, status line) are written cell by cell into blessed's screen buffer
 * (see cell-painter.ts for wide characters); blessed diffs and draws them. No widgets, no tags:
 * all state and layout come from the app.
 */
export function mountScreen(app: ReplApp, io: TerminalStreams): ReplScreen {
  // Only the screen: loading all of blessed costs start-up time.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Screen = require('blessed/lib/widgets/screen') as typeof blessed.screen;
  const probe = new WidthProbe((widths) => {
    const before = widthGeneration();
    setTerminalWidths(widths);
    if (destroyed || widthGeneration() === before) return;
    // Everything is laid out again, and the whole screen drawn afresh, to the terminal's widths.
    screen.alloc();
    scheduler.requestUrgent();
  });
  const filtered = filterTerminalInput(
    io.input,
    (text) => app.router.handlePaste(text),
    (rows) => {
      // A card owns the arrows: a burst of them (the wheel, or keys typed fast or batched by a
      // terminal multiplexer) moves its selection rather than scrolling past it.
      if (app.modals.active) return false;
      app.view.scroll(rows, app.viewport.width, app.viewport.height, app.frame);
      scheduler.requestUrgent();
      return true;
    },
    (data) => probe.take(data),
  );
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
  const program = screen.program;
  // Output UTF-8 as is: no DEC line-drawing (ACS) substitutions of box and bullet characters.
  (program as unknown as { tput: { brokenACS: boolean } }).tput.brokenACS = true;
  program.hideCursor();
  // Bracketed paste, and the wheel as arrow keys (alternate scroll): the mouse is never captured,
  // so selecting text stays the terminal's.
  io.output.write(`\x1b[?2004h${ALTERNATE_SCROLL_ON}`);
  // Asked on the alternate screen (blessed's buffered switch to it goes first), before any frame.
  program.flush();
  io.output.write(probe.request());

  const paintNow = (): void => {
    const width = Math.max(10, screen.width as number);
    const height = Math.max(3, screen.height as number);
    const bottom = bottomRows(app, width, height);
    const transcriptHeight = Math.max(1, height - bottom.length);
    app.setViewport(width, transcriptHeight);
    const rows = app.view.render(width, transcriptHeight, app.frame);
    const lines = (screen as unknown as { lines: CellRows }).lines;
    paintRows(lines, rows, 0, transcriptHeight, width);
    const panelHeight = height - transcriptHeight;
    paintRows(lines, bottom.slice(-panelHeight), transcriptHeight, panelHeight, width);
    screen.render();
  };
  let destroyed = false;
  const scheduler = new FrameScheduler(paintNow);
  app.urgentPaint = () => scheduler.requestUrgent();
  app.writeTerminal = (data) => {
    if (!destroyed) io.output.write(data);
  };
  app.runInTerminal = (command, file) => handOver(screen, io, command, file, scheduler);

  program.on('keypress', (ch: string | undefined, key: Key | undefined) => {
    const k: Key = { ...(key ?? {}), ch: ch ?? key?.ch };
    app.router.handleKey(k);
  });
  screen.on('resize', () => scheduler.requestUrgent());

  return {
    screen,
    scheduler,
    paint: () => scheduler.request(),
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      scheduler.dispose();
      io.output.write(`\x1b[?2004l${ALTERNATE_SCROLL_OFF}`);
      program.showCursor();
      screen.destroy();
      filtered.dispose();
    },
  };
}

/**
 * Gives the terminal to `command` on `file` (blessed leaves the alternate screen and raw mode,
 * the child inherits stdio); our own reading of the keyboard pauses so the two never compete.
 * On exit the terminal is ours again and the whole screen is drawn afresh.
 */
function handOver(
  screen: blessed.Widgets.Screen,
  io: TerminalStreams,
  command: string,
  file: string,
  scheduler: FrameScheduler,
): Promise<number | null> {
  const tty = io.input as Partial<NodeJS.ReadStream> & NodeJS.ReadableStream;
  const raw = tty.isRaw === true;
  tty.pause();
  tty.setRawMode?.(false);
  io.output.write(`\x1b[?2004l${ALTERNATE_SCROLL_OFF}`);
  return new Promise((resolve, reject) => {
    const child = (
      screen as unknown as {
        spawn(
          file: string,
          args: string[],
          options: object,
        ): import('node:child_process').ChildProcess;
      }
    ).spawn('sh', ['-c', `${command} "$1"`, 'sh', file], { stdio: 'inherit' });
    const back = (): void => {
      if (raw) tty.setRawMode?.(true);
      tty.resume();
      io.output.write(`\x1b[?2004h${ALTERNATE_SCROLL_ON}`);
      (screen as unknown as { program: { hideCursor(): void } }).program.hideCursor();
      screen.alloc();
      scheduler.requestUrgent();
    };
    child.once('error', (error) => {
      back();
      reject(error);
    });
    child.once('exit', (code) => {
      back();
      resolve(code);
    });
  });
}
