import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOpenAIChatServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

const PAGE =
  '<!doctype html><html><head><title>Guide</title></head><body><nav>Menu · Login</nav>' +
  '<article><h1>Install guide</h1><p>Run the installer, then <strong>restart</strong> the ' +
  'shell so the new PATH is read; the guide below covers proxies and offline machines in ' +
  'detail, with one section for each operating system.</p></article></body></html>';

describe('web_fetch in the REPL (tmux, 80x24)', () => {
  const bed = replTmuxBed('repl-fetch', { session: 'fetch' });
  const { keys, typeText, waitFor } = bed;
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
  afterAll(async () => {
    site.close();
    await once(site, 'close');
  });

  it('asks first; "always" allows the host; the model gets the article as Markdown', async () => {
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/guide`;
    const server = (bed.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'f1', name: 'web_fetch', arguments: { url } }] },
      { toolCalls: [{ id: 'f2', name: 'web_fetch', arguments: { url: `${url}?again` } }] },
      { text: 'Read the guide.' },
    ]));
    bed.launch({ cols: 80, rows: 24 });
    await waitFor('· ready ·');
    typeText('read the install guide');
    keys('Enter');
    const card = await waitFor('Allow fetching?');
    expect(card).toContain(`fetch ${url}`);
    expect(card).toContain('Always allow web_fetch(127.0.0.1) for this session');
    expect(hits).toBe(0);
    typeText('a');
    keys('Enter');
    // The second fetch of the same host is allowed by that answer: no second card.
    const screen = await waitFor('Read the guide.');
    expect(screen).not.toContain('Allow fetching?');
    expect(hits).toBe(2);
    const sent = JSON.stringify(server.requests[1]!.body.messages);
    expect(sent).toContain('Run the installer, then **restart** the shell');
    expect(sent).not.toContain('Menu · Login');
  });
});
