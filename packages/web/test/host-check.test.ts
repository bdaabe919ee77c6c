import os from 'node:os';
import { hostCheck, urlHost } from '../src/host-check';

describe('which Host headers the server answers', () => {
  it('bound to the loopback: its address, and a loopback IP at any port (an SSH tunnel)', () => {
    const answers = hostCheck('127.0.0.1', 8123);
    for (const host of ['127.0.0.1:8123', '127.0.0.1:8080', '[::1]:8080', '127.0.0.2:1']) {
      expect([host, answers(host)]).toEqual([host, true]);
    }
    for (const host of [
      undefined,
      '',
      'evil.example:8123',
      'localhost:8123',
      '127.0.0.1.nip.io:8123',
      '127.0.0.1',
      '127.0.0.1:8123:1',
      '[127.0.0.1]x:8123',
    ]) {
      expect([host, answers(host)]).toEqual([host, false]);
    }
  });

  it("answers the names the person allowed (a proxy's), with any port or none", () => {
    const answers = hostCheck('127.0.0.1', 8123, ['Box.tail1.ts.net']);
    expect(answers('box.tail1.ts.net')).toBe(true);
    expect(answers('BOX.tail1.ts.net:443')).toBe(true);
    expect(answers('box.tail1.ts.net.evil.example')).toBe(false);
    expect(answers('other.tail1.ts.net')).toBe(false);
  });

  it('bound to another address: that address only', () => {
    const answers = hostCheck('100.64.0.7', 8123);
    expect(answers('100.64.0.7:8123')).toBe(true);
    expect(answers('100.64.0.7:8080')).toBe(false);
    expect(answers('127.0.0.1:8123')).toBe(false);
  });

  it("bound to every interface: each interface's address, and the URL names the loopback", () => {
    const answers = hostCheck('0.0.0.0', 8123);
    const ipv4 = Object.values(os.networkInterfaces())
      .flat()
      .filter((info) => info?.family === 'IPv4');
    for (const info of ipv4) expect(answers(`${info!.address}:8123`)).toBe(true);
    expect(answers('127.0.0.1:8080')).toBe(true);
    expect(answers('evil.example:8123')).toBe(false);
    expect(urlHost('0.0.0.0')).toBe('127.0.0.1');
    expect(urlHost('::')).toBe('::1');
    expect(urlHost('100.64.0.7')).toBe('100.64.0.7');
  });
});
