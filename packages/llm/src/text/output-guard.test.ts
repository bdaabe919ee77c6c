import { guardTerminalOutput, terminalSafeJson } from './output-guard';

function sink() {
  const written: string[] = [];
  const stream = {
    write(chunk: unknown, callback?: () => void): boolean {
      written.push(String(chunk));
      callback?.();
      return true;
    },
  };
  return { stream, text: () => written.join('') };
}

describe('guardTerminalOutput', () => {
  it('drops an OSC 52 clipboard write and a screen clear split across writes and bytes', () => {
    const { stream, text } = sink();
    const restore = guardTerminalOutput(stream);
    const write = stream.write as (chunk: unknown, cb?: () => void) => boolean;
    let called = 0;
    write('warning: \x1b]52;c;', () => called++);
    write(Buffer.from('SGVsbG8=\x07 then \x1b'));
    write('[2J cleared ');
    const bytes = Buffer.from('日本\n');
    write(bytes.subarray(0, 2));
    write(bytes.subarray(2));
    expect(text()).toBe('warning:  then  cleared 日本\n');
    expect(called).toBe(1);
    restore();
    stream.write('\x1b[2J');
    expect(text().endsWith('\x1b[2J')).toBe(true);
  });
});

describe('terminalSafeJson', () => {
  it('escapes what JSON.stringify leaves raw and stays the same JSON value', () => {
    const value = { text: 'a\x9b2J\x1b[31m\u202eb\u2028' };
    const json = terminalSafeJson(value);
    expect(json).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202e\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
