import os from 'node:os';
import path from 'node:path';
import { pastedFilePath } from './pasted-path';

describe('pastedFilePath', () => {
  it('reads the ways terminals paste a dropped file', () => {
    expect(pastedFilePath('/tmp/shot.png')).toBe('/tmp/shot.png');
    expect(pastedFilePath('  /tmp/shot.png \n')).toBe('/tmp/shot.png');
    expect(pastedFilePath("'/tmp/My Shots/a b.png'")).toBe('/tmp/My Shots/a b.png');
    expect(pastedFilePath('"/tmp/My Shots/a b.png"')).toBe('/tmp/My Shots/a b.png');
    expect(pastedFilePath('/tmp/My\\ Shots/a\\ b.png')).toBe('/tmp/My Shots/a b.png');
    expect(pastedFilePath('file:///tmp/My%20Shots/a.png')).toBe('/tmp/My Shots/a.png');
    expect(pastedFilePath('~/Desktop/a.png')).toBe(path.join(os.homedir(), 'Desktop/a.png'));
  });

  it('leaves everything else to be pasted as text', () => {
    expect(pastedFilePath('look at /tmp/shot.png')).toBeUndefined();
    expect(pastedFilePath('/tmp/a.png /tmp/b.png')).toBeUndefined();
    expect(pastedFilePath('/tmp/a.png\n/tmp/b.png')).toBeUndefined();
    expect(pastedFilePath('shot.png')).toBeUndefined();
    expect(pastedFilePath('https://example.com/a.png')).toBeUndefined();
    expect(pastedFilePath('file://remote-host/a.png')).toBeUndefined();
    expect(pastedFilePath('')).toBeUndefined();
  });
});
