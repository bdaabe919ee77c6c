import { terminalName } from './repl-screen';

describe('terminalName', () => {
  it('keeps $TERM unless blessed cannot parse it', () => {
    expect(terminalName('xterm-256color')).toBe('xterm-256color');
    expect(terminalName('linux')).toBe('linux');
    expect(terminalName('tmux-256color')).toBe('xterm-256color');
    expect(terminalName('screen-256color')).toBe('xterm-256color');
    expect(terminalName(undefined)).toBe('xterm-256color');
  });
});
