import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pngFile, startFakeServer, type FakeServer } from '@agent/testkit';
import { cliEnv, runCli, sessionEvents } from './support/cli';
import { openAIChatArgs, useCliHarness } from './support/harness';
import { PROVIDER_WIRES, providerArgs, providerEnv } from './support/provider-wires';

jest.setTimeout(60_000);

const PNG = pngFile({ width: 4, height: 3 });
const HASH = createHash('sha256').update(PNG).digest('hex');
const BASE64 = PNG.toString('base64');

describe('headless --image', () => {
  const cli = useCliHarness();
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function writeImage(name: string, bytes: Buffer): void {
    fs.writeFileSync(path.join(cli.sandbox.workspace, name), bytes);
  }

  it.each(Object.keys(PROVIDER_WIRES))(
    '%s: the fake receives the image in its own format; the session references it by hash',
    async (id) => {
      const wire = PROVIDER_WIRES[id]!;
      server = await startFakeServer(wire.protocol, [{ text: ['A red square.'] }]);
      cli.sandbox.write('p.txt', 'What is in the picture?');
      writeImage('shot.png', PNG);
      const result = await runCli(
        ['p.txt', '--image', 'shot.png', ...providerArgs(id, wire, server.url)],
        cliEnv(cli.sandbox, providerEnv(wire, cli.sandbox)),
      );
      expect(result.stderr).not.toMatch(/error/i);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('A red square.');
      expect(server.requests[0]!.images).toEqual([{ mediaType: 'image/png', bytes: PNG }]);

      const [file] = cli.sandbox.sessionFiles();
      const user = sessionEvents(file!).find((event) => event.type === 'user')!;
      expect(user.images).toEqual([
        { sha256: HASH, mediaType: 'image/png', name: 'shot.png', size: PNG.length },
      ]);
      expect(fs.readFileSync(file!, 'utf8')).not.toContain(BASE64.slice(0, 40));
      const stored = path.join(cli.sandbox.agentHome, 'images', HASH.slice(0, 2), HASH);
      expect(fs.readFileSync(stored)).toEqual(PNG);
    },
  );

  it('--continue sends the stored image again; a lost one becomes a note and a notice', async () => {
    server = await cli.serve([{ text: ['Red.'] }, { text: ['Still red.'] }, { text: ['Gone.'] }]);
    const env = cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' });
    cli.sandbox.write('p1.txt', 'Look at this.');
    cli.sandbox.write('p2.txt', 'And now?');
    writeImage('shot.png', PNG);
    expect(
      (await runCli(['p1.txt', '--image', 'shot.png', ...openAIChatArgs(server.url)], env)).code,
    ).toBe(0);
    // The workspace copy is gone: the store's copy is what a resumed session sends.
    fs.rmSync(path.join(cli.sandbox.workspace, 'shot.png'));

    const again = await runCli(['p2.txt', '--continue', ...openAIChatArgs(server.url)], env);
    expect(again.code).toBe(0);
    expect(server.requests[1]!.images).toEqual([{ mediaType: 'image/png', bytes: PNG }]);
    expect(server.requests[1]!.body.messages.at(-1)).toEqual({ role: 'user', content: 'And now?' });

    fs.rmSync(path.join(cli.sandbox.agentHome, 'images'), { recursive: true });
    const lost = await runCli(['p2.txt', '--continue', ...openAIChatArgs(server.url)], env);
    expect(lost.code).toBe(0);
    expect(lost.stderr).toMatch(
      /An image of this session is no longer stored under .*images: shot\.png/,
    );
    expect(server.requests[2]!.images).toEqual([]);
    expect(server.requests[2]!.rawBody).toContain('[image shot.png · ');
    expect(lost.stdout).toContain('Gone.');
  });

  it.each([
    [
      'a file that is no image',
      ['notes.png'],
      /--image: notes\.png is not an image this agent can send \(PNG, JPEG, GIF or WebP\)/,
    ],
    ['a 6 MB PNG', ['big.png'], /--image: big\.png is 6 MB: an image may be at most 3\.75 MB/],
    [
      '11 images',
      Array(11).fill('shot.png'),
      /--image: 11 images attached: a message may carry at most 10/,
    ],
    ['a missing file', ['nowhere.png'], /--image: nowhere\.png: no such file/],
  ])('%s: exit 2 with a clear error, nothing sent', async (_, files, message) => {
    server = await cli.serve([{ text: ['never'] }]);
    cli.sandbox.write('p.txt', 'Look.');
    cli.sandbox.write('notes.png', '# not a picture\n');
    writeImage('big.png', pngFile({ padTo: 6 * 1024 * 1024 }));
    writeImage('shot.png', PNG);
    const images = files.flatMap((file) => ['--image', file]);
    const result = await runCli(
      ['p.txt', ...images, ...openAIChatArgs(server.url)],
      cliEnv(cli.sandbox, { OPENAI_API_KEY: 'test' }),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(server.requests).toHaveLength(0);
    expect(cli.sandbox.sessionFiles()).toEqual([]);
  });

  it('the demo provider names the image it was sent, offline', async () => {
    cli.sandbox.write('p.txt', 'What is this?');
    writeImage('shot.png', PNG);
    const result = await runCli(['p.txt', '--image', 'shot.png'], cliEnv(cli.sandbox));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `I received an image:\n- \`shot.png\` (image/png, ${PNG.length} B)`,
    );
  });
});
