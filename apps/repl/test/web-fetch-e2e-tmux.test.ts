import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

const driver = new TmuxDriver('repl-web-fetch');

const PAGE =
  '<!doctype html><html><head><title>Guide</title></head><body><nav>Menu · Login</nav>' +
  '<article><h1>Install guide</h1><p>Run the installer, then <strong>restart</strong> the ' +
  'shell so the new PATH is read; the guide below covers proxies and offline machines in ' +
  'detail, with one section for each operating system.</p></article></body></html>';

describe('web_fetch in the REPL (tmux, 80x24)', () => {
  let home: string;
  let workspace: string;
  let server: FakeServer | undefined;
  let site: http.Server;
  let hits = 0;

  beforeAll(async () => {
    site = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(PAGE);
    });
    site.listen(0, '127.0.0.1');
    await once(site, 'listening');
  });
  beforeEach(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'repl-fetch-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'repl-fetch-ws-'));
  });
  afterEach(async () => {
    driver.kill();
    await server?.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });
  afterAll(async () => {
    site.close();
    await once(site, 'close');
  });

  it('asks first; "always" allows the host; the model gets the article as Markdown', async () => {
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/guide`;
    server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'f1', name: 'web_fetch', arguments: { url } }] },
      { toolCalls: [{ id: 'f2', name: 'web_fetch', arguments: { url: `${url}?again` } }] },
      { text: 'Read the guide.' },
    ]);
    const command = replAgainstFake({ serverUrl: server.url, agentHome: home, workspace });
    driver.start('fetch', command, { cols: 80, rows: 24 });
    await driver.waitFor('fetch', '· ready ·');
    driver.type('fetch', 'read the install guide');
    driver.keys('fetch', 'Enter');
    const card = await driver.waitFor('fetch', 'Allow fetching?');
    expect(card).toContain(`fetch ${url}`);
    expect(card).toContain('Always allow web_fetch(127.0.0.1) for this session');
    expect(hits).toBe(0);
    driver.type('fetch', 'a');
    driver.keys('fetch', 'Enter');
    // The second fetch of the same host is allowed by that answer: no second card.
    const screen = await driver.waitFor('fetch', 'Read the guide.');
    expect(screen).not.toContain('Allow fetching?');
    expect(hits).toBe(2);
    const sent = JSON.stringify(server.requests[1]!.body.messages);
    expect(sent).toContain('Run the installer, then **restart** the shell');
    expect(sent).not.toContain('Menu · Login');
  });
});
