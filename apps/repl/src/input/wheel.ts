/** Up or Down as a terminal sends it (normal or application cursor mode). */
const ARROWS = /^(?:\x1b\[A|\x1bOA){3,}$|^(?:\x1b\[B|\x1bOB){3,}$/;

/**
 * Mouse wheel scrolling without mouse capture: in xterm's alternate-scroll mode (`\e[?1007h`)
 * terminals send the wheel as Up/Down keys, several in one burst per notch, where a key press
 * sends one (two quick presses may share a read; three or more in one read is the wheel).
 * Returns the rows to scroll (negative = up) for such a burst, else undefined.
 */
export function wheelRows(data: string): number | undefined {
  if (!ARROWS.test(data)) return undefined;
  const count = data.split('\x1b').length - 1;
  return data.endsWith('A') ? -count : count;
}

/** Turns on alternate-scroll mode; `ALTERNATE_SCROLL_OFF` restores it on exit. */
export const ALTERNATE_SCROLL_ON = '\x1b[?1007h';
export const ALTERNATE_SCROLL_OFF = '\x1b[?1007l';
