import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  AGREED_QUESTIONNAIRE,
  pageEventStream,
  startOpenAIChatServer,
  type FakeServer,
} from '@agent/testkit';
import {
  AGENT,
  fakeFlags,
  fileWritten,
  pageOf,
  serveBed,
  startServe,
  type ServeBed,
} from './support/served-agent';

jest.setTimeout(60_000);

describe('agent serve (the installed bundle)', () => {
  let bed: ServeBed;
  let fake: FakeServer | undefined;
  const running: Array<ReturnType<typeof startServe>> = [];
  beforeEach(() => {
    bed = serveBed();
  });
  afterEach(async () => {
    for (const served of running.splice(0)) {
      if (served.child.exitCode === null && served.child.signalCode === null) {
        served.child.kill('SIGKILL');
      }
      await served.exited;
    }
    await fake?.close();
    fake = undefined;
    bed.cleanup();
  });
  const serve = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const served = startServe(args, bed, env);
    running.push(served);
    return served;
  };

  it('prints the URL first, serves the page with its token only, takes a prompt, and saves on SIGTERM', async () => {
    fake = await startOpenAIChatServer([{ text: 'Hello from the fake.' }]);
    const served = serve(['--cwd', bed.workspace, '--port', '0', ...fakeFlags(fake)], {
      OPENAI_API_KEY: 'k',
    });
    const url = await served.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/);
    const { origin, token } = pageOf(url);
    const bearer = { authorization: `Bearer ${token}` };

    const first = await fetch(url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
    for (const [route, type] of [
      ['/', /text\/html/],
      ['/page.js', /text\/javascript/],
      ['/page.css', /text\/css/],
    ] as const) {
      const page = await fetch(`${origin}${route}`, { headers: bearer });
      expect([route, page.status]).toEqual([route, 200]);
      expect(page.headers.get('content-type')).toMatch(type);
      expect((await page.text()).length).toBeGreaterThan(0);
      expect((await fetch(`${origin}${route}`)).status).toBe(401);
    }
    expect((await fetch(`${origin}/?token=wrong`)).status).toBe(401);

    const events = pageEventStream(origin, token);
    await events.until((event) => event.type === 'hello');
    const posted = await fetch(`${origin}/operations`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'prompt', text: 'say hello from the page' }),
    });
    expect(posted.status).toBe(200);
    const ended = await events.until((event) => event.type === 'turn_ended');
    expect(ended.reason).toBe('done');
    expect(
      events.seen
        .filter((event) => event.type === 'text')
        .map((e) => e.text)
        .join(''),
    ).toBe('Hello from the fake.');
    expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('say hello from the page');
    await events.close();

    served.child.kill('SIGTERM');
    const { code, stdout, stderr } = await served.exited;
    expect(code).toBe(143);
    expect(stdout).toBe(`${url}\n`);
    const [file] = bed.sessionFiles();
    expect(file).toBeDefined();
    const saved = fs.readFileSync(path.join(bed.home, 'sessions', file!), 'utf8');
    expect(saved).toContain('say hello from the page');
    expect(saved).toContain('Hello from the fake.');
    expect(stderr).toMatch(
      new RegExp(`resume it with: node \\S+agent\\.js --resume ${path.basename(file!, '.jsonl')}`),
    );
  });

  it('SIGINT stops it with 130; with no credentials it serves the offline demo; Host through a tunnel or an allowed proxy', async () => {
    const served = serve(['--cwd', bed.workspace, '--allow-host', 'box.tail1.ts.net']);
    const url = await served.url;
    const { origin, token } = pageOf(url);
    const port = new URL(url).port;
    // Through an SSH tunnel (ssh -L 8080:127.0.0.1:PORT) the Host names the tunnel's own port.
    expect(await hostRequest(port, '127.0.0.1:8080', token)).toBe(200);
    expect(await hostRequest(port, '[::1]:8080', token)).toBe(200);
    // A name that resolves here is anyone's page (DNS rebinding).
    expect(await hostRequest(port, `evil.example:${port}`, token)).toBe(421);
    expect(await hostRequest(port, `127.0.0.1.nip.io:${port}`, token)).toBe(421);
    // As tailscale serve passes it on, allowed by name.
    expect(await hostRequest(port, 'box.tail1.ts.net', token)).toBe(200);
    expect(
      (await fetch(`${origin}/page.js`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    served.child.kill('SIGINT');
    const { code, stderr } = await served.exited;
    expect(code).toBe(130);
    expect(stderr).toContain('provider demo');
    expect(stderr).not.toMatch(/warning/);
  });

  it.each([
    [['--port', '70000'], /--port must be a whole number from 0 to 65535 \(got "70000"\)/],
    [['--bogus'], /--bogus/],
    [['--cwd', 'no/such/dir'], /workspace directory .* does not exist/],
    [['hello'], /agent serve takes no prompt/],
    [['--provider', 'carrier-pigeon'], /carrier-pigeon/],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    const { code, stdout, stderr } = await serve(args).exited;
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });

  it('a port already taken is a clear error (exit 1), with nothing on stdout', async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, stdout, stderr } = await serve(['--cwd', bed.workspace, '--port', String(port)])
        .exited;
      expect(stderr).toContain(`agent serve: cannot serve on 127.0.0.1:${port}: `);
      expect(stderr).toContain('EADDRINUSE');
      expect(stdout).toBe('');
      expect(code).toBe(1);
    } finally {
      taken.close();
    }
  });

  it('--help describes it, and agent --help lists it', async () => {
    const help = await serve(['--help']).exited;
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: agent serve [options]');
    expect(help.stdout).toContain('--port N');
    const agentHelp = execFileSync(process.execPath, [AGENT, '--help'], { encoding: 'utf8' });
    expect(agentHelp).toMatch(/Commands:\n {2}agent serve \[options\] +answer from a browser/);
  });

  it('--host 0.0.0.0 warns on stderr, answers its own addresses as Host, and refuses other names', async () => {
    const served = serve(['--cwd', bed.workspace, '--host', '0.0.0.0']);
    const url = await served.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    const { origin, token } = pageOf(url);
    const port = new URL(url).port;
    const bearer = { authorization: `Bearer ${token}` };
    expect((await fetch(`${origin}/page.css`, { headers: bearer })).status).toBe(200);
    const rebound = await hostRequest(port, `evil.example:${port}`, token);
    expect(rebound).toBe(421);
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .find((info) => info?.family === 'IPv4' && !info.internal);
    if (lan) expect(await hostRequest(port, `${lan.address}:${port}`, token)).toBe(200);
    served.child.kill('SIGTERM');
    const { stderr } = await served.exited;
    expect(stderr).toMatch(
      /warning: listening on 0\.0\.0\.0.*anyone who can reach it .* and has the token can run commands as you.*SSH tunnel or Tailscale/,
    );
  });

  it("gives notify.command the card's url on the page", async () => {
    fake = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_ask', name: 'ask_user', arguments: AGREED_QUESTIONNAIRE }] },
      { text: 'Noted.' },
    ]);
    const out = path.join(bed.home, 'notified.json');
    const script = `cat > '${out}.part' && mv '${out}.part' '${out}'`;
    fs.writeFileSync(
      path.join(bed.home, 'config.json'),
      JSON.stringify({ notify: { afterSeconds: 0.01, command: ['sh', '-c', script] } }),
    );
    const served = serve(['--cwd', bed.workspace, ...fakeFlags(fake)], { OPENAI_API_KEY: 'k' });
    const url = await served.url;
    const { origin, token } = pageOf(url);
    const events = pageEventStream(origin, token);
    await events.until((event) => event.type === 'hello');
    await fetch(`${origin}/operations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'prompt', text: 'ask me' }),
    });
    const shown = (await events.until((event) => event.type === 'card_shown')) as {
      card: { id: string };
    };
    const stop = new AbortController();
    const written = JSON.parse(await fileWritten(out, stop.signal)) as Record<string, unknown>;
    expect(written).toMatchObject({
      kind: 'questionnaire',
      workspace: bed.workspace,
      url: `${url}#card-${encodeURIComponent(shown.card.id)}`,
    });
    const opened = await fetch(written.url as string, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    await events.close();
  });
});

/** A GET of page.css with `host` as the Host header (fetch does not let a test set it). */
async function hostRequest(port: string, host: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/page.css',
        headers: { host, authorization: `Bearer ${token}` },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
  });
}
