import { WidthProbe } from './width-probe';
import type { TerminalWidths } from '../text/width';

describe('the width probe', () => {
  it('asks for the cursor after each cluster and clears what it drew', () => {
    const request = new WidthProbe(() => undefined).request();
    expect(request).toBe('\x1b7\x1b[1;1H👍🏽\x1b[6n\x1b[1;1H❤️\x1b[6n\x1b[1;1H\x1b[2K\x1b8');
  });

  it('takes the two reports out of the input, keys around them kept, and answers once', () => {
    const answers: TerminalWidths[] = [];
    const probe = new WidthProbe((widths) => answers.push(widths));
    probe.request();
    expect(probe.take('a\x1b[1;5R')).toBe('a');
    expect(answers).toEqual([]);
    expect(probe.take('\x1b[1;2Rb')).toBe('b');
    expect(answers).toEqual([{ skinToneApart: true, narrowPresentation: true }]);
    // Later, the same bytes are a key (Ctrl+F3), passed on.
    expect(probe.take('\x1b[1;5R')).toBe('\x1b[1;5R');
  });

  it('reads what current terminals answer', () => {
    const answers: TerminalWidths[] = [];
    const probe = new WidthProbe((widths) => answers.push(widths));
    probe.request();
    probe.take('\x1b[1;3R\x1b[1;3R');
    expect(answers).toEqual([{ skinToneApart: false, narrowPresentation: false }]);
  });

  it('takes nothing before it asks', () => {
    const probe = new WidthProbe(() => undefined);
    expect(probe.take('\x1b[1;5R')).toBe('\x1b[1;5R');
  });
});
