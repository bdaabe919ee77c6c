import { lineText } from '../text/line';
import { setTerminalWidths } from '../text/width';
import { Transcript } from './transcript';
import { TranscriptView } from './transcript-view';

function numbered(count: number, from = 0) {
  return Array.from({ length: count }, (_, i) => `line ${from + i}`).join('\n');
}

describe('TranscriptView', () => {
  it('shows the tail of a long transcript, only as many rows as fit', () => {
    const transcript = new Transcript();
    for (let i = 0; i < 100; i++) transcript.add({ kind: 'info', text: numbered(10, i * 10) });
    const view = new TranscriptView(transcript);
    expect(view.render(40, 3).map(lineText)).toEqual(['line 997', 'line 998', 'line 999']);
  });

  it('scrolls up and stays put while new output arrives, then follows again at the bottom', () => {
    const transcript = new Transcript();
    transcript.add({ kind: 'info', text: numbered(20) });
    const view = new TranscriptView(transcript);
    view.scroll(-5, 40, 3);
    expect(view.render(40, 3).map(lineText)).toEqual(['line 12', 'line 13', 'line 14']);
    transcript.add({ kind: 'info', text: 'new' });
    expect(view.render(40, 3).map(lineText)).toEqual(['line 12', 'line 13', 'line 14']);
    view.scroll(100, 40, 3);
    expect(view.following).toBe(true);
    expect(view.render(40, 3).map(lineText)).toEqual(['line 18', 'line 19', 'new']);
  });

  it('clamps at the top', () => {
    const transcript = new Transcript();
    transcript.add({ kind: 'info', text: numbered(5) });
    const view = new TranscriptView(transcript);
    view.scroll(-50, 40, 3);
    expect(view.render(40, 3).map(lineText)).toEqual(['line 0', 'line 1', 'line 2']);
  });

  it('re-renders a segment after touch and caches it otherwise', () => {
    const transcript = new Transcript();
    const segment = transcript.add({ kind: 'assistant', text: 'Hel', streaming: true });
    const view = new TranscriptView(transcript);
    expect(view.render(40, 5).map(lineText)).toEqual(['Hel']);
    segment.text += 'lo';
    expect(view.render(40, 5).map(lineText)).toEqual(['Hel']);
    transcript.touch(segment);
    expect(view.render(40, 5).map(lineText)).toEqual(['Hello']);
  });

  it('renders custom segments through their own render(width)', () => {
    const transcript = new Transcript();
    transcript.add({ kind: 'custom', render: (w) => [[{ text: `card ${w}` }]] });
    expect(new TranscriptView(transcript).render(30, 2).map(lineText)).toEqual(['card 30']);
  });

  it('wraps again when the terminal turns out to draw a cluster wider (trial finding 1)', () => {
    const transcript = new Transcript();
    transcript.add({ kind: 'info', text: 'abcdefg 👍🏽' });
    const view = new TranscriptView(transcript);
    expect(view.render(10, 2).map(lineText)).toEqual(['abcdefg 👍🏽']);
    setTerminalWidths({ skinToneApart: true, narrowPresentation: false });
    try {
      expect(view.render(10, 2).map(lineText)).toEqual(['abcdefg', '👍🏽']);
    } finally {
      setTerminalWidths();
    }
  });
});
